// FC's product families. A series is a single idea (a wave, a portico, a seed) worked out in
// several kinds of object; a product is one form of a series in one or two glazes. The 40
// products below are the catalogue at DEMO_SCALE=1; larger scales add numbered editions.
import { bi, type Bilingual } from "./bilingual";
import type { FormKey } from "./forms";
import type { ColourKey } from "./taxonomy";
import type { CollectionKey, DesignerKey, ExclusiveKey, SeriesKey } from "./keys";

export interface SeriesCopy {
  key: SeriesKey;
  /** The series name, the same in both languages (as Italian design houses do). */
  name: string;
  designer: DesignerKey;
  collection: CollectionKey | null;
  exclusive: ExclusiveKey | null;
  /** The idea in one phrase, for excerpts ("Vase in celadon: …"). */
  tagline: Bilingual;
  /** The idea in a few sentences, opening each product description. */
  story: Bilingual;
  /** The year the series was introduced. */
  year: number;
}

export const SERIES: readonly SeriesCopy[] = [
  {
    key: "onda",
    name: "Onda",
    designer: "giulia",
    collection: "marea",
    exclusive: null,
    year: 2022,
    tagline: bi(
      "a soft shoulder that rises and breaks like a wave",
      "una spalla morbida che sale e si frange come un'onda",
    ),
    story: bi(
      "Onda began with a sketch made on the breakwater at Cesenatico: the moment a wave gathers itself before it falls. The profile swells, hesitates, then turns inward at the lip.",
      "Onda nasce da uno schizzo fatto sul molo di Cesenatico: l'istante in cui l'onda si raccoglie prima di ricadere. Il profilo si gonfia, esita, poi rientra verso il bordo.",
    ),
  },
  {
    key: "riva",
    name: "Riva",
    designer: "giulia",
    collection: "marea",
    exclusive: null,
    year: 2022,
    tagline: bi("long, low lines taken from the shoreline", "linee lunghe e basse prese dalla battigia"),
    story: bi(
      "Riva follows the line where water meets sand: long, low and never quite straight. Each piece is finished by hand, so the edge keeps a slight, deliberate wander.",
      "Riva segue la linea dove l'acqua incontra la sabbia: lunga, bassa e mai del tutto dritta. Ogni pezzo è rifinito a mano, così il bordo conserva un andamento leggero e voluto.",
    ),
  },
  {
    key: "conchiglia",
    name: "Conchiglia",
    designer: "giulia",
    collection: "marea",
    exclusive: null,
    year: 2022,
    tagline: bi("the ribs of a shell turned over in the hand", "le costolature di una conchiglia rigirata tra le mani"),
    story: bi(
      "Conchiglia translates the ribs of a scallop shell into porcelain. The fluting is cut into the plaster model by hand, and the glaze pools in the grooves so that every rib reads as a line of deeper colour.",
      "Conchiglia traduce in porcellana le costolature di una capasanta. Le scanalature sono incise a mano nel modello in gesso e lo smalto si raccoglie nei solchi, così ogni costola diventa una linea di colore più intenso.",
    ),
  },
  {
    key: "vela",
    name: "Vela",
    designer: "giulia",
    collection: "marea",
    exclusive: null,
    year: 2023,
    tagline: bi("a taut curve, like canvas filled by the wind", "una curva tesa, come una tela gonfiata dal vento"),
    story: bi(
      "Vela borrows the taut curve of a sail under wind. The porcelain is cast thinner towards the top so that, when lit, light moves through the body like daylight through canvas.",
      "Vela prende in prestito la curva tesa di una vela sotto il vento. La porcellana è colata più sottile verso l'alto: accesa, la luce attraversa il corpo come il sole attraversa la tela.",
    ),
  },
  {
    key: "brina",
    name: "Brina",
    designer: "anna",
    collection: "nebbia",
    exclusive: null,
    year: 2023,
    tagline: bi("a surface as fine as the first frost", "una superficie sottile come la prima brina"),
    story: bi(
      "Brina is thrown to a wall barely two millimetres thick, then turned again when leather-hard. Held up to a window, it shows the shadow of your fingers through the porcelain.",
      "Brina è tornita fino a uno spessore di appena due millimetri, poi rifinita di nuovo a durezza cuoio. Controluce lascia intravedere l'ombra delle dita attraverso la porcellana.",
    ),
  },
  {
    key: "nuvola",
    name: "Nuvola",
    designer: "anna",
    collection: "nebbia",
    exclusive: null,
    year: 2023,
    tagline: bi("a rounded form that seems to weigh nothing", "una forma tondeggiante che sembra non pesare nulla"),
    story: bi(
      "Nuvola is the softest form in the catalogue: no edges, no visible foot, a volume that seems to settle on the table rather than stand on it.",
      "Nuvola è la forma più morbida del catalogo: niente spigoli, nessun piede in vista, un volume che sembra adagiarsi sul tavolo anziché poggiarvi sopra.",
    ),
  },
  {
    key: "goccia",
    name: "Goccia",
    designer: "anna",
    collection: "nebbia",
    exclusive: null,
    year: 2024,
    tagline: bi("a drop of glaze caught just before it falls", "una goccia di smalto colta un attimo prima di cadere"),
    story: bi(
      "Goccia started as a study of how glaze runs in the kiln. The form narrows towards the top and gathers its weight low, like a drop caught just before it falls.",
      "Goccia è nata come studio sul modo in cui lo smalto scorre in forno. La forma si stringe verso l'alto e raccoglie il peso in basso, come una goccia colta un attimo prima di cadere.",
    ),
  },
  {
    key: "arco",
    name: "Arco",
    designer: "marco",
    collection: "architetture",
    exclusive: null,
    year: 2021,
    tagline: bi("the rhythm of a Bolognese portico", "il ritmo di un portico bolognese"),
    story: bi(
      "Arco repeats a single arch until it becomes a rhythm, the way the porticoes of Bologna turn a street into a sequence of light and shade.",
      "Arco ripete un solo arco fino a farne un ritmo, come i portici di Bologna trasformano una strada in una sequenza di luce e ombra.",
    ),
  },
  {
    key: "cupola",
    name: "Cupola",
    designer: "marco",
    collection: "architetture",
    exclusive: null,
    year: 2021,
    tagline: bi("a dome reduced to its essentials", "una cupola ridotta all'essenziale"),
    story: bi(
      "Cupola takes the geometry of the dome, a half-sphere on a drum, and works it at the scale of the table. The proportions follow one simple ratio, repeated across the family.",
      "Cupola prende la geometria della cupola, una semisfera su un tamburo, e la porta alla scala della tavola. Le proporzioni seguono un unico rapporto semplice, ripetuto in tutta la famiglia.",
    ),
  },
  {
    key: "tamburo",
    name: "Tamburo",
    designer: "marco",
    collection: "architetture",
    exclusive: null,
    year: 2021,
    tagline: bi("a straight-sided drum with a crisp edge", "un tamburo a pareti dritte dal bordo netto"),
    story: bi(
      "Tamburo is the most architectural of the family: straight walls, a crisp edge and a foot turned with a single pass of the tool. The glaze is wiped from the rim to leave a thin line of bare porcelain.",
      "Tamburo è il più architettonico della famiglia: pareti dritte, un bordo netto e un piede rifinito con una sola passata di mirette. Lo smalto viene tolto dal bordo per lasciare una sottile linea di porcellana nuda.",
    ),
  },
  {
    key: "fuso",
    name: "Fuso",
    designer: "marco",
    collection: "architetture",
    exclusive: null,
    year: 2022,
    tagline: bi("the tapered shape of a spindle", "la forma affusolata di un fuso"),
    story: bi(
      "Fuso is named after the spindle of a loom: a long body that tapers at both ends. It was drawn with a compass and a ruler, and it shows.",
      "Fuso prende il nome dal fuso del telaio: un corpo lungo che si assottiglia alle due estremità. È stato disegnato con compasso e riga, e si vede.",
    ),
  },
  {
    key: "corolla",
    name: "Corolla",
    designer: "elena",
    collection: "giardino",
    exclusive: null,
    year: 2024,
    tagline: bi("petals opening around a quiet centre", "petali che si aprono attorno a un centro quieto"),
    story: bi(
      "Corolla opens like a flower seen from above. Each petal is pressed into the mould by hand, so no two pieces are exactly alike, and the edges are left a little irregular on purpose.",
      "Corolla si apre come un fiore visto dall'alto. Ogni petalo è pressato a mano nello stampo, per cui non esistono due pezzi identici, e i bordi sono lasciati volutamente un po' irregolari.",
    ),
  },
  {
    key: "seme",
    name: "Seme",
    designer: "elena",
    collection: "giardino",
    exclusive: null,
    year: 2024,
    tagline: bi("the closed, patient form of a seed", "la forma chiusa e paziente di un seme"),
    story: bi(
      "Seme is a closed form with a small mouth, the shape of a seed waiting for spring. It holds a single branch, or nothing at all.",
      "Seme è una forma chiusa dalla bocca piccola, la sagoma di un seme in attesa della primavera. Accoglie un solo ramo, o niente del tutto.",
    ),
  },
  {
    key: "giunco",
    name: "Giunco",
    designer: "elena",
    collection: "giardino",
    exclusive: null,
    year: 2024,
    tagline: bi("the slender, upright line of a reed", "la linea slanciata e diritta di un giunco"),
    story: bi(
      "Giunco is slender and upright, with fine vertical lines that recall the reeds along the canals of the Po delta.",
      "Giunco è slanciato e diritto, con sottili linee verticali che ricordano i giunchi lungo i canali del delta del Po.",
    ),
  },
  {
    key: "ninfea",
    name: "Ninfea",
    designer: "giulia",
    collection: null,
    exclusive: "ninfea",
    year: 2023,
    tagline: bi("a water lily leaf floating flat", "una foglia di ninfea che galleggia piatta"),
    story: bi(
      "Ninfea was designed for the dining room of Hotel Le Ninfee, on the shore of Lake Como. Its wide, flat rim floats like a lily pad, and the blush glaze was matched to the evening light on the water.",
      "Ninfea è stata disegnata per la sala da pranzo dell'Hotel Le Ninfee, sulla riva del lago di Como. La tesa larga e piatta galleggia come una foglia di ninfea, e lo smalto cipria è stato accordato alla luce della sera sull'acqua.",
    ),
  },
  {
    key: "loggia",
    name: "Loggia",
    designer: "marco",
    collection: null,
    exclusive: "sette-archi",
    year: 2024,
    tagline: bi("arches in relief, lit from the side", "archi in rilievo, illuminati di lato"),
    story: bi(
      "Loggia was made for Galleria Sette Archi in Milan: a sequence of arches in low relief that changes through the day as the light rakes across it.",
      "Loggia è nata per la Galleria Sette Archi di Milano: una sequenza di archi a bassorilievo che cambia nel corso della giornata, mentre la luce la sfiora radente.",
    ),
  },
  {
    key: "aurea",
    name: "Aurea",
    designer: "anna",
    collection: null,
    exclusive: "verrier",
    year: 2022,
    tagline: bi("porcelain dressed in gold lustre", "porcellana vestita di lustro oro"),
    story: bi(
      "Aurea was created for Maison Verrier in Paris. Gold lustre is brushed over the fired glaze by hand and fixed in a third firing, so every piece carries the marks of the brush.",
      "Aurea è stata creata per Maison Verrier a Parigi. Il lustro oro viene steso a pennello sullo smalto già cotto e fissato con una terza cottura: ogni pezzo porta i segni del pennello.",
    ),
  },
  {
    key: "pietra",
    name: "Pietra",
    designer: "kenji",
    collection: null,
    exclusive: null,
    year: 2022,
    tagline: bi("weight and quiet, like a river stone", "peso e silenzio, come un sasso di fiume"),
    story: bi(
      "Pietra is Kenji Arai's study of river stones: forms worn smooth, a little asymmetrical, heavier in the hand than they look.",
      "Pietra è lo studio di Kenji Arai sui sassi di fiume: forme levigate, un poco asimmetriche, più pesanti in mano di quanto sembrino.",
    ),
  },
  {
    key: "sera",
    name: "Sera",
    designer: "kenji",
    collection: null,
    exclusive: null,
    year: 2023,
    tagline: bi("the low, warm light of evening", "la luce bassa e calda della sera"),
    story: bi(
      "Sera is meant for the hour after sunset. The porcelain turns the bulb into a low, warm light that falls on the table and leaves the rest of the room in shadow.",
      "Sera è pensata per l'ora dopo il tramonto. La porcellana trasforma la lampadina in una luce bassa e calda che cade sul tavolo e lascia il resto della stanza in penombra.",
    ),
  },
  {
    key: "alba",
    name: "Alba",
    designer: "kenji",
    collection: null,
    exclusive: null,
    year: 2025,
    tagline: bi("the pale colour of first light", "il colore pallido della prima luce"),
    story: bi(
      "Alba is glazed in thin layers, so that the white body shows through at the edges, like the sky just before the sun comes up.",
      "Alba è smaltata a strati sottili, così il bianco dell'impasto affiora sui bordi, come il cielo poco prima che sorga il sole.",
    ),
  },
];

export function series(key: SeriesKey): SeriesCopy {
  const found = SERIES.find((s) => s.key === key);
  if (!found) throw new Error(`unknown series ${key}`);
  return found;
}

/** One product of the base line-up: a form of a series in one or two glazes. */
export interface LineupEntry {
  series: SeriesKey;
  form: FormKey;
  colours: readonly ColourKey[];
}

const entry = (s: SeriesKey, f: FormKey, ...colours: ColourKey[]): LineupEntry => ({ series: s, form: f, colours });

/** The 40 products of DEMO_SCALE=1: 11 vases, 8 bowls, 6 plates, 4 centerpieces, 5 wall pieces, 6 lights. */
export const LINEUP: readonly LineupEntry[] = [
  entry("onda", "vase", "celadon"),
  entry("onda", "bowl", "white", "celadon"),
  entry("onda", "plate", "celadon"),
  entry("riva", "bottle", "sand"),
  entry("riva", "centerpiece", "sand", "white"),
  entry("conchiglia", "bowl", "white"),
  entry("conchiglia", "relief", "white"),
  entry("vela", "lamp", "white"),
  entry("brina", "vase", "white"),
  entry("brina", "bowl", "white"),
  entry("nuvola", "pendant", "white"),
  entry("nuvola", "vase", "white", "blush"),
  entry("goccia", "bottle", "celadon"),
  entry("goccia", "plate", "white"),
  entry("arco", "amphora", "ink"),
  entry("arco", "relief", "white", "ink"),
  entry("cupola", "lamp", "sand"),
  entry("cupola", "bowl", "ink"),
  entry("tamburo", "stand", "white", "gold"),
  entry("tamburo", "charger", "ink", "gold"),
  entry("fuso", "vase", "sand"),
  entry("corolla", "bowl", "blush"),
  entry("corolla", "panel", "blush", "white"),
  entry("seme", "vase", "sand"),
  entry("seme", "stand", "white"),
  entry("giunco", "bottle", "celadon"),
  entry("giunco", "plate", "celadon"),
  entry("ninfea", "plate", "blush"),
  entry("ninfea", "bowl", "blush"),
  entry("ninfea", "centerpiece", "blush", "gold"),
  entry("loggia", "relief", "white"),
  entry("loggia", "panel", "white", "sand"),
  entry("aurea", "vase", "gold"),
  entry("aurea", "bowl", "gold", "white"),
  entry("aurea", "lamp", "gold"),
  entry("pietra", "bowl", "sand"),
  entry("pietra", "plate", "ink"),
  entry("sera", "lamp", "ink"),
  entry("sera", "pendant", "ink"),
  entry("alba", "amphora", "blush"),
];

/** The two unpublished products (status "draft"), to test rest_forbidden. */
export const DRAFTS: readonly LineupEntry[] = [entry("onda", "amphora", "celadon"), entry("brina", "bottle", "white")];
