// The people and the editorial groupings of the demo catalogue: designers, collections,
// exclusives (editions made for one partner), projects (interiors that use FC pieces) and the
// room scenes with hotspots (imagemaps). Copy in both languages.
import { bi, type Bilingual } from "./bilingual";
import type { CollectionKey, DesignerKey, ExclusiveKey, SeriesKey } from "./keys";
import type { FormKey } from "./forms";

export type ProjectKey = "como" | "osteria" | "ortigia" | "brera";
export type ImagemapKey = "living" | "dining";
/** A designer portrait shows a tool of the trade, not a face. */
export type ToolKind = "rib" | "calipers" | "loop" | "brush" | "knife";

export interface DesignerCopy {
  key: DesignerKey;
  name: string;
  slug: Bilingual;
  role: Bilingual;
  city: Bilingual;
  excerpt: Bilingual;
  bio: Bilingual;
  tool: ToolKind;
  tint: string;
  since: string;
}

export interface CollectionCopy {
  key: CollectionKey;
  name: string;
  slug: Bilingual;
  subtitle: Bilingual;
  designer: DesignerKey;
  year: number;
  excerpt: Bilingual;
  intro: Bilingual;
}

export interface ExclusiveCopy {
  key: ExclusiveKey;
  name: string;
  slug: Bilingual;
  subtitle: Bilingual;
  partner: Bilingual;
  year: number;
  excerpt: Bilingual;
  intro: Bilingual;
}

/** A product of a room scene or project, named by series and form. */
export interface ProductRef {
  series: SeriesKey;
  form: FormKey;
}

export interface ProjectCopy {
  key: ProjectKey;
  title: Bilingual;
  slug: Bilingual;
  location: Bilingual;
  year: number;
  date: string;
  imagemap: ImagemapKey | null;
  products: readonly ProductRef[];
  excerpt: Bilingual;
  body: Bilingual;
}

export interface ImagemapCopy {
  key: ImagemapKey;
  title: Bilingual;
  slug: Bilingual;
  style: "living" | "dining";
  products: readonly ProductRef[];
  alt: Bilingual;
}

const ref = (series: SeriesKey, form: FormKey): ProductRef => ({ series, form });

export const DESIGNERS: readonly DesignerCopy[] = [
  {
    key: "giulia",
    name: "Giulia Ferraresi",
    slug: bi("giulia-ferraresi", "giulia-ferraresi-it"),
    role: bi("Art director", "Direttrice artistica"),
    city: bi("Faenza", "Faenza"),
    excerpt: bi(
      "FC's art director since the beginning; the designer of Marea.",
      "Direttrice artistica di FC fin dall'inizio; ha disegnato Marea.",
    ),
    bio: bi(
      "<p>Giulia Ferraresi has been FC's art director since the company was founded. She grew up among the kilns of Faenza, trained as a ceramic designer and spent eight years developing tableware for manufacturers in Limoges and in Bavaria before coming home to Romagna.</p>\n<p>Her pieces start on paper and end in the plaster room, where she spends more time than at her desk. Marea, her collection of 2022, is a diary of the winters she spent walking the beach between Cervia and Cesenatico.</p>",
      "<p>Giulia Ferraresi è direttrice artistica di FC dalla fondazione dell'azienda. Cresciuta tra le fornaci di Faenza, si è formata come designer ceramica e ha lavorato otto anni allo sviluppo di servizi da tavola per manifatture di Limoges e della Baviera, prima di tornare in Romagna.</p>\n<p>I suoi pezzi nascono sulla carta e finiscono nel laboratorio dei gessi, dove passa più tempo che alla scrivania. Marea, la collezione del 2022, è il diario degli inverni trascorsi a camminare sulla spiaggia tra Cervia e Cesenatico.</p>",
    ),
    tool: "rib",
    tint: "#DCCDB9",
    since: "2021-02-08T10:14:00",
  },
  {
    key: "marco",
    name: "Marco Bellandi",
    slug: bi("marco-bellandi", "marco-bellandi-it"),
    role: bi("Industrial designer", "Designer industriale"),
    city: bi("Milan", "Milano"),
    excerpt: bi(
      "An architect by training; his Architetture was FC's first collection.",
      "Architetto di formazione; la sua Architetture è stata la prima collezione di FC.",
    ),
    bio: bi(
      "<p>Marco Bellandi studied architecture at the Politecnico di Milano and still draws like an architect: plans, sections, elevations, and a figure to scale beside every object.</p>\n<p>His Architetture collection of 2021 was FC's first, and it set the rule the company still follows: one idea per series, worked through in as many forms as it will bear.</p>",
      "<p>Marco Bellandi ha studiato architettura al Politecnico di Milano e disegna ancora come un architetto: piante, sezioni, prospetti e una figura in scala accanto a ogni oggetto.</p>\n<p>La sua collezione Architetture, del 2021, è stata la prima di FC e ha fissato la regola che l'azienda segue ancora oggi: un'idea per serie, sviluppata in tutte le forme che è in grado di reggere.</p>",
    ),
    tool: "calipers",
    tint: "#CBD0D2",
    since: "2021-02-09T11:02:00",
  },
  {
    key: "elena",
    name: "Elena Sartori",
    slug: bi("elena-sartori", "elena-sartori-it"),
    role: bi("Ceramist", "Ceramista"),
    city: bi("Nove", "Nove"),
    excerpt: bi(
      "Head of the throwing room, from a town that has made ceramics since the 1600s.",
      "Responsabile della tornitura, da un paese che produce ceramica dal Seicento.",
    ),
    bio: bi(
      "<p>Elena Sartori comes from Nove, near Bassano del Grappa, a town that has been making ceramics since the seventeenth century. She runs FC's throwing room and trains every new thrower herself.</p>\n<p>Giardino d'Inverno, her first collection, grew out of a winter spent pressing leaves, seeds and petals into wet clay to see what the porcelain would remember.</p>",
      "<p>Elena Sartori viene da Nove, vicino a Bassano del Grappa, un paese che produce ceramica dal Seicento. Guida il reparto di tornitura di FC e forma personalmente ogni nuovo tornitore.</p>\n<p>Giardino d'Inverno, la sua prima collezione, è nata da un inverno passato a premere foglie, semi e petali nell'argilla fresca, per vedere che cosa la porcellana avrebbe ricordato.</p>",
    ),
    tool: "loop",
    tint: "#DACBC5",
    since: "2021-02-10T09:37:00",
  },
  {
    key: "anna",
    name: "Anna Lindqvist",
    slug: bi("anna-lindqvist", "anna-lindqvist-it"),
    role: bi("Designer", "Designer"),
    city: bi("Copenhagen", "Copenaghen"),
    excerpt: bi(
      "Works between Copenhagen and Faenza on porcelain at the edge of translucency.",
      "Lavora tra Copenaghen e Faenza su una porcellana al limite della trasparenza.",
    ),
    bio: bi(
      "<p>Anna Lindqvist trained in Copenhagen and works between Denmark and Faenza, where she spends two long stays a year in the FC workshop.</p>\n<p>She is drawn to porcelain at the limit of what it can do: walls thin enough to let the light through, glazes laid on so lightly that they barely change the colour of the body. Nebbia is the result of three years of trials.</p>",
      "<p>Anna Lindqvist si è formata a Copenaghen e lavora tra la Danimarca e Faenza, dove trascorre ogni anno due lunghi periodi nel laboratorio di FC.</p>\n<p>La attira la porcellana al limite delle sue possibilità: pareti così sottili da lasciar passare la luce, smalti stesi con tanta leggerezza da cambiare appena il colore dell'impasto. Nebbia è il frutto di tre anni di prove.</p>",
    ),
    tool: "brush",
    tint: "#C9D5D0",
    since: "2022-01-17T15:20:00",
  },
  {
    key: "kenji",
    name: "Kenji Arai",
    slug: bi("kenji-arai", "kenji-arai-it"),
    role: bi("Ceramic artist", "Artista ceramista"),
    city: bi("Kyoto", "Kyoto"),
    excerpt: bi(
      "A ceramic artist from Kyoto whose forms are made to be handled every day.",
      "Un artista ceramista di Kyoto che crea forme da usare ogni giorno.",
    ),
    bio: bi(
      "<p>Kenji Arai is a ceramic artist from Kyoto who first came to Faenza for the international ceramics competition and stayed for a season. He has worked with FC on his own series since 2022.</p>\n<p>His forms are slow and heavy-looking, often asymmetrical, and made to be handled: Pietra and Sera are meant to be used every day, not kept behind glass.</p>",
      "<p>Kenji Arai è un artista ceramista di Kyoto arrivato a Faenza per il concorso internazionale della ceramica e rimasto per una stagione. Dal 2022 lavora con FC alle proprie serie.</p>\n<p>Le sue forme sono lente, dall'aspetto pesante, spesso asimmetriche, e fatte per essere toccate: Pietra e Sera sono pensate per l'uso quotidiano, non per restare dietro un vetro.</p>",
    ),
    tool: "knife",
    tint: "#D2C8B6",
    since: "2022-03-02T08:55:00",
  },
];

export const COLLECTIONS: readonly CollectionCopy[] = [
  {
    key: "architetture",
    name: "Architetture",
    slug: bi("architetture", "architetture-it"),
    subtitle: bi("Geometry for the table", "Geometrie per la tavola"),
    designer: "marco",
    year: 2021,
    excerpt: bi(
      "The arch, the dome and the drum, brought down to the scale of the hand.",
      "L'arco, la cupola e il tamburo, ricondotti alla scala della mano.",
    ),
    intro: bi(
      "<p>Architetture was FC's first collection. Marco Bellandi took the elements of the buildings he grew up with, the arch, the dome, the drum of a column, and brought them down to the scale of the hand.</p>\n<p>Each form is drawn to a single ratio and cast in moulds that are remade every two hundred pieces, so the edges stay as sharp as on the first day.</p>",
      "<p>Architetture è stata la prima collezione di FC. Marco Bellandi ha preso gli elementi degli edifici tra cui è cresciuto, l'arco, la cupola, il tamburo di una colonna, e li ha ricondotti alla scala della mano.</p>\n<p>Ogni forma è disegnata secondo un unico rapporto e colata in stampi rifatti ogni duecento pezzi, perché gli spigoli restino netti come il primo giorno.</p>",
    ),
  },
  {
    key: "marea",
    name: "Marea",
    slug: bi("marea", "marea-it"),
    subtitle: bi("Forms drawn by the tide", "Forme disegnate dalla marea"),
    designer: "giulia",
    year: 2022,
    excerpt: bi(
      "A winter on the Adriatic: waves, shells and the long line of the shore.",
      "Un inverno sull'Adriatico: onde, conchiglie e la lunga linea della riva.",
    ),
    intro: bi(
      "<p>Marea is Giulia Ferraresi's diary of a winter on the Adriatic. Every form in it comes from something the tide leaves behind: the curl of a wave, the ribs of a shell, the long line of the shore at low water.</p>\n<p>The glazes are the colours of that coast out of season: celadon like shallow water under cloud, sand, and the white of salt drying on the breakwater.</p>",
      "<p>Marea è il diario di un inverno sull'Adriatico di Giulia Ferraresi. Ogni forma nasce da qualcosa che la marea lascia dietro di sé: il ricciolo di un'onda, le costole di una conchiglia, la lunga linea della riva con la bassa marea.</p>\n<p>Gli smalti sono i colori di quella costa fuori stagione: il celadon dell'acqua bassa sotto le nuvole, la sabbia e il bianco del sale che asciuga sul molo.</p>",
    ),
  },
  {
    key: "nebbia",
    name: "Nebbia",
    slug: bi("nebbia", "nebbia-it"),
    subtitle: bi(
      "Porcelain thrown thin enough to hold the light",
      "Porcellana tornita così sottile da trattenere la luce",
    ),
    designer: "anna",
    year: 2023,
    excerpt: bi(
      "Pieces that change with the light: almost transparent in the morning, warm by evening.",
      "Pezzi che cambiano con la luce: quasi trasparenti al mattino, caldi la sera.",
    ),
    intro: bi(
      "<p>Nebbia, fog, is the collection closest to the material itself. Anna Lindqvist wanted pieces that change with the light in the room: almost transparent in the morning, solid and warm by evening.</p>\n<p>Three years of trials went into a body that can be thrown to two millimetres and fired without slumping. Most of the collection is left white; where there is colour, it is laid on as lightly as breath on glass.</p>",
      "<p>Nebbia è la collezione più vicina alla materia stessa. Anna Lindqvist voleva pezzi che cambiassero con la luce della stanza: al mattino quasi trasparenti, la sera pieni e caldi.</p>\n<p>Ci sono voluti tre anni di prove per ottenere un impasto che si potesse tornire fino a due millimetri e cuocere senza che cedesse. Quasi tutta la collezione resta bianca; dove c'è colore, è steso leggero come un respiro su un vetro.</p>",
    ),
  },
  {
    key: "giardino",
    name: "Giardino d'Inverno",
    slug: bi("giardino-dinverno", "giardino-dinverno-it"),
    subtitle: bi("A winter garden in porcelain", "Un giardino d'inverno in porcellana"),
    designer: "elena",
    year: 2024,
    excerpt: bi(
      "Seeds, bare reeds and the last petals, pressed into porcelain.",
      "Semi, giunchi spogli e gli ultimi petali, impressi nella porcellana.",
    ),
    intro: bi(
      "<p>Giardino d'Inverno is a garden seen in January: seeds, bare reeds, the last petals. One winter Elena Sartori pressed them into wet clay and built a collection from what the porcelain remembered.</p>\n<p>The pieces are pressed and finished by hand, so each one is slightly different; the glazes, blush, celadon and sand, are the colours of a garden at rest.</p>",
      "<p>Giardino d'Inverno è un giardino visto a gennaio: semi, giunchi spogli, gli ultimi petali. Un inverno Elena Sartori li ha premuti nell'argilla fresca e ha costruito una collezione a partire da ciò che la porcellana ricordava.</p>\n<p>I pezzi sono pressati e rifiniti a mano, per cui ognuno è leggermente diverso; gli smalti, cipria, celadon e sabbia, sono i colori di un giardino a riposo.</p>",
    ),
  },
];

export const EXCLUSIVES: readonly ExclusiveCopy[] = [
  {
    key: "verrier",
    name: "Verrier",
    slug: bi("verrier", "verrier-it"),
    subtitle: bi("Gold lustre for a Paris concept store", "Lustro oro per un concept store parigino"),
    partner: bi("Maison Verrier, Paris", "Maison Verrier, Parigi"),
    year: 2022,
    excerpt: bi(
      "A vase, a bowl and a lamp in gold lustre for a shop in the Marais.",
      "Un vaso, una ciotola e una lampada in lustro oro per un negozio del Marais.",
    ),
    intro: bi(
      "<p>Maison Verrier, in the Marais, sells a small number of objects chosen one by one. For its windows Anna Lindqvist designed Aurea: a vase, a bowl and a lamp dressed in gold lustre over white porcelain.</p>\n<p>The lustre is brushed on by hand and fixed in a third firing; no two pieces carry the same brush marks.</p>",
      "<p>Maison Verrier, nel Marais, vende pochi oggetti scelti uno a uno. Per le sue vetrine Anna Lindqvist ha disegnato Aurea: un vaso, una ciotola e una lampada vestiti di lustro oro sulla porcellana bianca.</p>\n<p>Il lustro è steso a pennello e fissato con una terza cottura; non esistono due pezzi con gli stessi segni del pennello.</p>",
    ),
  },
  {
    key: "ninfea",
    name: "Ninfea",
    slug: bi("ninfea", "ninfea-it"),
    subtitle: bi("Table pieces for a lakeside dining room", "Pezzi da tavola per una sala da pranzo sul lago"),
    partner: bi("Hotel Le Ninfee, Lake Como", "Hotel Le Ninfee, Lago di Como"),
    year: 2023,
    excerpt: bi(
      "Plates, bowls and a centerpiece in blush, for a hotel on Lake Como.",
      "Piatti, ciotole e un centrotavola color cipria per un albergo sul lago di Como.",
    ),
    intro: bi(
      "<p>In 2023 Hotel Le Ninfee asked us for a service that would look at home beside the lake at dusk. Ninfea is the answer: plates, bowls and a centerpiece with wide, flat rims, in a blush glaze developed with the hotel's chef over a summer of tastings.</p>\n<p>The edition is made only for the hotel and for a small number of private clients each year.</p>",
      "<p>Nel 2023 l'Hotel Le Ninfee ci ha chiesto un servizio che stesse bene accanto al lago all'imbrunire. Ninfea è la risposta: piatti, ciotole e un centrotavola dalle tese larghe e piatte, in uno smalto cipria messo a punto con lo chef dell'albergo durante un'estate di degustazioni.</p>\n<p>L'edizione è prodotta solo per l'albergo e, ogni anno, per un numero ristretto di clienti privati.</p>",
    ),
  },
  {
    key: "sette-archi",
    name: "Sette Archi",
    slug: bi("sette-archi", "sette-archi-it"),
    subtitle: bi("A limited edition of wall reliefs", "Un'edizione limitata di rilievi da parete"),
    partner: bi("Galleria Sette Archi, Milan", "Galleria Sette Archi, Milano"),
    year: 2024,
    excerpt: bi(
      "Arches in low relief, numbered and signed, in an edition of forty.",
      "Archi a bassorilievo, numerati e firmati, in un'edizione di quaranta esemplari.",
    ),
    intro: bi(
      "<p>For its tenth anniversary, Galleria Sette Archi invited Marco Bellandi to make a work for the long wall of its Brera space. The result is Loggia: arches in low relief, numbered and signed, in an edition of forty.</p>\n<p>Each relief is pressed by hand and left partly unglazed, so the biscuit porcelain and the glaze take the light differently.</p>",
      "<p>Per il suo decimo anniversario, la Galleria Sette Archi ha invitato Marco Bellandi a realizzare un'opera per la lunga parete dello spazio di Brera. Il risultato è Loggia: archi a bassorilievo, numerati e firmati, in un'edizione di quaranta esemplari.</p>\n<p>Ogni rilievo è pressato a mano e lasciato in parte senza smalto, così la porcellana biscotto e lo smalto accolgono la luce in modo diverso.</p>",
    ),
  },
];

export const IMAGEMAPS: readonly ImagemapCopy[] = [
  {
    key: "living",
    title: bi("Living room, villa on Lake Como", "Soggiorno, villa sul lago di Como"),
    slug: bi("living-room-lake-como", "soggiorno-lago-di-como"),
    style: "living",
    products: [
      ref("onda", "vase"),
      ref("brina", "bowl"),
      ref("conchiglia", "relief"),
      ref("giunco", "bottle"),
      ref("nuvola", "vase"),
    ],
    alt: bi(
      "A calm living room with a bone-coloured wall: a porcelain relief above a walnut sideboard, vases and a bowl on a shelf and on the sideboard.",
      "Un soggiorno tranquillo con la parete color osso: un rilievo in porcellana sopra una credenza in noce, vasi e una ciotola sulla mensola e sulla credenza.",
    ),
  },
  {
    key: "dining",
    title: bi("Dining room, Osteria del Cortile", "Sala, Osteria del Cortile"),
    slug: bi("dining-room-osteria-del-cortile", "sala-osteria-del-cortile"),
    style: "dining",
    products: [
      ref("arco", "relief"),
      ref("tamburo", "stand"),
      ref("cupola", "bowl"),
      ref("sera", "lamp"),
      ref("pietra", "plate"),
    ],
    alt: bi(
      "A restaurant dining room: an arched porcelain relief on the wall, a lamp, a cake stand, a bowl and a plate on the sideboard and the shelf.",
      "La sala di un ristorante: un rilievo ad archi in porcellana alla parete, una lampada, un'alzata, una ciotola e un piatto sulla credenza e sulla mensola.",
    ),
  },
];

export const PROJECTS: readonly ProjectCopy[] = [
  {
    key: "osteria",
    title: bi("Osteria del Cortile, Bologna", "Osteria del Cortile, Bologna"),
    slug: bi("osteria-del-cortile", "osteria-del-cortile-it"),
    location: bi("Bologna, Italy", "Bologna"),
    year: 2022,
    date: "2022-11-14T09:40:00",
    imagemap: "dining",
    products: [
      ref("tamburo", "charger"),
      ref("pietra", "plate"),
      ref("cupola", "bowl"),
      ref("arco", "relief"),
      ref("sera", "lamp"),
      ref("tamburo", "stand"),
    ],
    excerpt: bi(
      "Twelve tables under the porticoes, and plates plain enough to leave the food in charge.",
      "Dodici tavoli sotto i portici e piatti semplici, che lasciano il primo piano al cibo.",
    ),
    body: bi(
      "<p>A restaurant under the porticoes of Via Santo Stefano, with twelve tables and a kitchen that changes its menu every week. The chef wanted plates heavy enough to feel solid in the hand and plain enough to leave the food in charge.</p>\n<p>We made the Tamburo charger and the Pietra plate in ink black for the dining room, and Arco reliefs for the long wall beside the bar. Sera lamps light the sideboard in the evening, when the overhead lights are turned down.</p>",
      "<p>Un ristorante sotto i portici di via Santo Stefano, con dodici tavoli e una cucina che cambia menù ogni settimana. Lo chef voleva piatti abbastanza pesanti da sentirli solidi in mano e abbastanza semplici da lasciare il primo piano al cibo.</p>\n<p>Per la sala abbiamo realizzato il sottopiatto Tamburo e il piatto Pietra in nero inchiostro, e i rilievi Arco per la lunga parete accanto al banco. La sera, quando le luci generali si abbassano, le lampade Sera illuminano la credenza.</p>",
    ),
  },
  {
    key: "como",
    title: bi("A villa on Lake Como", "Una villa sul lago di Como"),
    slug: bi("villa-on-lake-como", "villa-sul-lago-di-como"),
    location: bi("Tremezzina, Lake Como", "Tremezzina (CO)"),
    year: 2023,
    date: "2023-09-25T10:05:00",
    imagemap: "living",
    products: [
      ref("onda", "vase"),
      ref("brina", "bowl"),
      ref("conchiglia", "relief"),
      ref("giunco", "bottle"),
      ref("nuvola", "vase"),
      ref("nuvola", "pendant"),
    ],
    excerpt: bi(
      "A nineteenth-century villa above the lake, and pieces that do not compete with the view.",
      "Una villa ottocentesca sopra il lago e pezzi che non fanno concorrenza al panorama.",
    ),
    body: bi(
      "<p>A nineteenth-century villa above the lake, restored by Studio Arcari with a palette of lime plaster, walnut and linen. We were asked for pieces that would hold their own in tall rooms without competing with the view.</p>\n<p>The living room brings together Marea and Nebbia: celadon and white on walnut, a Conchiglia relief above the sideboard and a Nuvola pendant over the reading table.</p>",
      "<p>Una villa ottocentesca sopra il lago, restaurata dallo Studio Arcari con una tavolozza di intonaco a calce, noce e lino. Ci hanno chiesto pezzi capaci di reggere stanze alte senza fare concorrenza al panorama.</p>\n<p>Il soggiorno riunisce Marea e Nebbia: celadon e bianco sul noce, un rilievo Conchiglia sopra la credenza e una sospensione Nuvola sul tavolo da lettura.</p>",
    ),
  },
  {
    key: "ortigia",
    title: bi("A boutique hotel in Ortigia", "Un boutique hotel a Ortigia"),
    slug: bi("boutique-hotel-in-ortigia", "boutique-hotel-a-ortigia"),
    location: bi("Siracusa, Sicily", "Siracusa"),
    year: 2024,
    date: "2024-06-03T12:30:00",
    imagemap: null,
    products: [ref("corolla", "bowl"), ref("corolla", "panel"), ref("seme", "vase"), ref("giunco", "plate")],
    excerpt: bi(
      "Nine rooms in a limestone palazzo, with a Corolla panel in every one.",
      "Nove camere in un palazzo di pietra calcarea, con un pannello Corolla in ognuna.",
    ),
    body: bi(
      "<p>Nine rooms in an eighteenth-century palazzo of pale limestone, a few steps from the sea. The owners wanted each room to have one piece of wall art, different in every room and all from the same family.</p>\n<p>We made nine Corolla panels, each with its own arrangement of petals, and Seme vases for the bedside tables. Breakfast on the roof terrace is served on Giunco plates.</p>",
      "<p>Nove camere in un palazzo settecentesco di pietra calcarea chiara, a pochi passi dal mare. I proprietari volevano un'opera a parete in ogni camera, diversa da stanza a stanza ma tutte della stessa famiglia.</p>\n<p>Abbiamo realizzato nove pannelli Corolla, ognuno con la propria disposizione di petali, e vasi Seme per i comodini. La colazione sulla terrazza è servita nei piatti Giunco.</p>",
    ),
  },
  {
    key: "brera",
    title: bi("An apartment in Brera", "Un appartamento a Brera"),
    slug: bi("apartment-in-brera", "appartamento-a-brera"),
    location: bi("Milan, Italy", "Milano"),
    year: 2025,
    date: "2025-02-17T16:10:00",
    imagemap: null,
    products: [ref("loggia", "panel"), ref("aurea", "vase"), ref("sera", "pendant"), ref("fuso", "vase")],
    excerpt: bi(
      "A collector's apartment where a Loggia panel answers the arches across the street.",
      "La casa di un collezionista, dove un pannello Loggia risponde agli archi di fronte.",
    ),
    body: bi(
      "<p>A collector's apartment on the top floor of a building in Brera, looking across at the arches of a cloister. The brief was short: fewer things, better ones.</p>\n<p>A Loggia panel in white and sand answers the arches across the street; an Aurea vase and a Fuso vase stand on the long bookcase, and Sera pendants hang low over the dining table.</p>",
      "<p>Un appartamento all'ultimo piano di un palazzo di Brera, affacciato sugli archi di un chiostro. La richiesta era breve: meno cose, ma migliori.</p>\n<p>Un pannello Loggia in bianco e sabbia risponde agli archi di fronte; un vaso Aurea e un vaso Fuso stanno sulla lunga libreria, e le sospensioni Sera scendono basse sul tavolo da pranzo.</p>",
    ),
  },
];
