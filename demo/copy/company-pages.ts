// The company pages of the demo site, written as an editor would in the block editor: long-form
// HTML in English and Italian. `{{wp}}` stands for the WordPress host (links the site rewrites)
// and `{{figure}}` for the page's image, filled in by the catalogue once media ids exist.
import { bi, type Bilingual } from "./bilingual";

export type PageKey = "home" | "about" | "manufacture" | "funding" | "prove" | "contact" | "newsletter" | "trade";
/** What the page's figure shows (see artwork/recipes.ts). */
export type PageArt = "hero" | "studio" | "workshop" | "emblem" | "tiles" | "facade" | "flatlay";

export interface PageCopy {
  key: PageKey;
  title: Bilingual;
  slug: Bilingual;
  excerpt: Bilingual;
  content: Bilingual;
  art: PageArt;
  /** Alt text and caption of the page's figure. */
  figureAlt: Bilingual;
  figureCaption: Bilingual;
  date: string;
  menuOrder: number;
  password?: string;
}

export const COMPANY = {
  name: "FC",
  legal_name: "FC Porcellane S.r.l.",
  address: "Via delle Fornaci 18, 48018 Faenza (RA)",
  city: "Faenza",
  country: bi("Italy", "Italia"),
  // An invented Partita IVA with a valid check digit (Ravenna office code 039).
  vat: "IT02841390392",
  email: "info@fc-porcellane.it",
  phone: "+39 0546 621480",
  social: [
    { network: "instagram", url: "https://www.instagram.com/fc.porcellane/" },
    { network: "pinterest", url: "https://www.pinterest.com/fcporcellane/" },
    { network: "linkedin", url: "https://www.linkedin.com/company/fc-porcellane/" },
  ],
} as const;

export const TAGLINE = bi("Contemporary porcelain objects", "Oggetti contemporanei in porcellana");

export const PAGES: readonly PageCopy[] = [
  {
    key: "home",
    title: bi("Home", "Home"),
    slug: bi("home", "home-it"),
    excerpt: bi(
      "Contemporary porcelain objects, designed and made by hand in Faenza.",
      "Oggetti contemporanei in porcellana, disegnati e realizzati a mano a Faenza.",
    ),
    content: bi(
      `<p class="has-large-font-size">FC makes porcelain objects for interiors: vases, wall pieces, centerpieces, bowls and lights, drawn by a small group of designers and made by hand in our workshop in Faenza.</p>
<p>Every piece is cast, thrown or pressed in hard-paste porcelain, fired at 1,380 °C and finished by hand. <a href="{{wp}}/manufacture/">See how they are made</a>, or start with the <a href="/collections">collections</a>.</p>`,
      `<p class="has-large-font-size">FC realizza oggetti in porcellana per l'interno: vasi, opere da parete, centrotavola, ciotole e lampade, disegnati da un piccolo gruppo di designer e fatti a mano nel nostro laboratorio di Faenza.</p>
<p>Ogni pezzo è colato, tornito o pressato in porcellana dura, cotto a 1.380 °C e rifinito a mano. <a href="{{wp}}/it/manifattura/">Scopri come nascono</a>, oppure comincia dalle <a href="/it/collezioni">collezioni</a>.</p>`,
    ),
    art: "hero",
    figureAlt: bi(
      "A tall white porcelain vase in soft side light, casting a long shadow across a bone-coloured ground.",
      "Un alto vaso in porcellana bianca in una morbida luce laterale, che proietta una lunga ombra su un fondo color osso.",
    ),
    figureCaption: bi("", ""),
    date: "2021-01-18T09:30:00",
    menuOrder: 0,
  },
  {
    key: "about",
    title: bi("About FC", "Chi siamo"),
    slug: bi("about", "chi-siamo"),
    excerpt: bi(
      "A porcelain workshop in Faenza, founded in 2021 by designers and craftspeople.",
      "Un laboratorio di porcellana a Faenza, fondato nel 2021 da designer e artigiani.",
    ),
    content: bi(
      `<h2 class="wp-block-heading">A workshop in Faenza</h2>
<p>FC was founded in 2021 by a small group of designers and craftspeople who had spent their working lives in other people's factories. We wanted a place where a piece could go from the first drawing to the last firing without leaving the building, and where the people who draw it and the people who make it sit at the same table.</p>
<p>The workshop is in a former brickworks on the edge of Faenza, a town that has given its name to a whole family of ceramics. Today twenty-two people work here: designers, mould makers, throwers, casters, glazers and the two kiln masters who decide, every morning, what goes into the kilns.</p>
{{figure}}
<h2 class="wp-block-heading">What we hold to</h2>
<ul class="wp-block-list">
<li><strong>One idea per series.</strong> A series starts from a single thought, a wave, an arch, a seed, and is worked through in as many forms as it will bear.</li>
<li><strong>Made under one roof.</strong> Models, moulds, making, glazing and firing all happen here; nothing is sent out.</li>
<li><strong>Porcelain for use.</strong> Our pieces are vitrified, food safe and made to be handled, not only looked at.</li>
<li><strong>Fewer pieces, made well.</strong> We would rather make a form again than make more forms.</li>
</ul>
<h3 class="wp-block-heading">The name</h3>
<p>FC are the initials of the two families who put the company together, and the two letters pressed into the foot of every piece we make. The designers who work with us sign their own <a href="/collections">collections</a>; the way we work is described under <a href="{{wp}}/manufacture/">manufacture</a>.</p>`,
      `<h2 class="wp-block-heading">Un laboratorio a Faenza</h2>
<p>FC è nata nel 2021 da un piccolo gruppo di designer e artigiani che avevano passato la vita lavorativa nelle fabbriche di altri. Volevamo un luogo in cui un pezzo potesse andare dal primo disegno all'ultima cottura senza uscire dall'edificio, e dove chi lo disegna e chi lo realizza sedessero allo stesso tavolo.</p>
<p>Il laboratorio si trova in un'ex fornace di laterizi alle porte di Faenza, la città che ha dato il nome a un'intera famiglia di ceramiche. Oggi ci lavorano ventidue persone: designer, modellisti, tornitori, colatori, smaltatori e i due fornaciai che ogni mattina decidono che cosa entra nei forni.</p>
{{figure}}
<h2 class="wp-block-heading">In cosa crediamo</h2>
<ul class="wp-block-list">
<li><strong>Un'idea per serie.</strong> Una serie nasce da un solo pensiero, un'onda, un arco, un seme, e viene sviluppata in tutte le forme che è in grado di reggere.</li>
<li><strong>Tutto sotto lo stesso tetto.</strong> Modelli, stampi, foggiatura, smaltatura e cottura avvengono qui; nulla viene affidato all'esterno.</li>
<li><strong>Porcellana da usare.</strong> I nostri pezzi sono vetrificati, adatti agli alimenti e fatti per essere toccati, non solo guardati.</li>
<li><strong>Meno pezzi, fatti bene.</strong> Preferiamo rifare una forma piuttosto che moltiplicare le forme.</li>
</ul>
<h3 class="wp-block-heading">Il nome</h3>
<p>FC sono le iniziali delle due famiglie che hanno fondato l'azienda, e le due lettere impresse sotto il piede di ogni pezzo che realizziamo. I designer con cui lavoriamo firmano le proprie <a href="/it/collezioni">collezioni</a>; il nostro modo di lavorare è raccontato nella pagina <a href="{{wp}}/it/manifattura/">manifattura</a>.</p>`,
    ),
    art: "studio",
    figureAlt: bi(
      "Shelves in the FC workshop holding finished porcelain pieces in white, celadon and sand, in soft daylight.",
      "Scaffali nel laboratorio di FC con pezzi finiti in porcellana bianca, celadon e sabbia, nella luce morbida del giorno.",
    ),
    figureCaption: bi(
      "The finished pieces shelf, before packing.",
      "Lo scaffale dei pezzi finiti, prima dell'imballaggio.",
    ),
    date: "2021-01-19T10:12:00",
    menuOrder: 1,
  },
  {
    key: "manufacture",
    title: bi("Manufacture", "Manifattura"),
    slug: bi("manufacture", "manifattura"),
    excerpt: bi(
      "From the first drawing to the last firing: how an FC piece is made.",
      "Dal primo disegno all'ultima cottura: come nasce un pezzo di FC.",
    ),
    content: bi(
      `<p>Every FC piece passes through around thirty pairs of hands and three to five days of work before it reaches the kiln for the last time. This is what happens in between.</p>
<h2 class="wp-block-heading">From drawing to plaster</h2>
<p>A form starts as a drawing at full size, then becomes a model turned in plaster on a lathe or carved by hand. The model is where most decisions are made: a millimetre more on a shoulder, a rim a little thinner. From the model we cast the mother moulds, and from those the working moulds, which wear out and are remade every two hundred casts.</p>
<h2 class="wp-block-heading">Casting, throwing, pressing</h2>
<p>Closed forms such as vases and lamp bodies are slip-cast: liquid porcelain is poured into the mould, left to build a wall, then drained. Bowls and cake stands are thrown on the wheel and turned when leather-hard. Reliefs and panels are pressed into the mould by hand, a sheet of clay at a time.</p>
{{figure}}
<h2 class="wp-block-heading">Two firings, sometimes three</h2>
<p>After drying, every piece is fettled and sponged by hand, then bisque-fired at 950 °C. It is glazed by dipping or spraying and fired a second time at 1,380 °C, where the body vitrifies and the glaze becomes glass. Gold lustre is brushed on afterwards and fixed in a third, lower firing at 750 °C.</p>
<ol class="wp-block-list">
<li>Drawing and plaster model</li>
<li>Mother mould and working moulds</li>
<li>Casting, throwing or pressing</li>
<li>Fettling and sponging by hand</li>
<li>Bisque firing at 950 °C</li>
<li>Glazing by dipping or spraying</li>
<li>Glaze firing at 1,380 °C</li>
<li>Inspection, and a third firing for lustre</li>
</ol>
<p>About one piece in eight does not pass inspection. Those pieces are broken and the shards go into the terrazzo of our own floors. If you would like to see the workshop, <a href="{{wp}}/contact/">write to us</a>: we open it to visitors on the first Saturday of every month.</p>`,
      `<p>Ogni pezzo di FC passa per una trentina di paia di mani e da tre a cinque giorni di lavoro prima di entrare in forno per l'ultima volta. Ecco che cosa succede nel frattempo.</p>
<h2 class="wp-block-heading">Dal disegno al gesso</h2>
<p>Una forma nasce da un disegno in scala reale, poi diventa un modello in gesso tornito o scolpito a mano. È sul modello che si prendono quasi tutte le decisioni: un millimetro in più su una spalla, un bordo un poco più sottile. Dal modello ricaviamo le madreforme e da queste gli stampi di lavoro, che si consumano e vengono rifatti ogni duecento colate.</p>
<h2 class="wp-block-heading">Colaggio, tornitura, pressatura</h2>
<p>Le forme chiuse, come i vasi e i corpi delle lampade, sono colate: la porcellana liquida viene versata nello stampo, lasciata depositare fino a formare la parete e poi svuotata. Ciotole e alzate sono tornite e rifinite a durezza cuoio. Rilievi e pannelli sono pressati a mano nello stampo, una sfoglia d'argilla alla volta.</p>
{{figure}}
<h2 class="wp-block-heading">Due cotture, a volte tre</h2>
<p>Dopo l'essiccazione ogni pezzo viene rifinito e spugnato a mano, poi cotto in biscotto a 950 °C. Si smalta per immersione o a spruzzo e si cuoce una seconda volta a 1.380 °C: l'impasto vetrifica e lo smalto diventa vetro. Il lustro oro si stende dopo, a pennello, e si fissa con una terza cottura, più bassa, a 750 °C.</p>
<ol class="wp-block-list">
<li>Disegno e modello in gesso</li>
<li>Madreforma e stampi di lavoro</li>
<li>Colaggio, tornitura o pressatura</li>
<li>Rifinitura e spugnatura a mano</li>
<li>Cottura del biscotto a 950 °C</li>
<li>Smaltatura per immersione o a spruzzo</li>
<li>Cottura dello smalto a 1.380 °C</li>
<li>Controllo finale e, per il lustro, terza cottura</li>
</ol>
<p>Circa un pezzo su otto non supera il controllo. Quei pezzi vengono rotti e i cocci finiscono nel terrazzo dei nostri pavimenti. Se desideri visitare il laboratorio, <a href="{{wp}}/it/contatti/">scrivici</a>: lo apriamo ai visitatori il primo sabato di ogni mese.</p>`,
    ),
    art: "workshop",
    figureAlt: bi(
      "Rows of unglazed porcelain forms drying on a long wooden board in the workshop.",
      "File di forme in porcellana non ancora smaltate ad asciugare su una lunga tavola di legno nel laboratorio.",
    ),
    figureCaption: bi(
      "Cast pieces drying before the bisque firing.",
      "Pezzi colati ad asciugare prima della cottura del biscotto.",
    ),
    date: "2021-01-20T11:45:00",
    menuOrder: 2,
  },
  {
    key: "funding",
    title: bi("Funding", "Finanziamenti"),
    slug: bi("funding", "finanziamenti"),
    excerpt: bi(
      "The PORCELLANA LEGGERA project, co-funded by the European Union under the ERDF Regional Programme Emilia-Romagna 2021–2027.",
      "Il progetto PORCELLANA LEGGERA, cofinanziato dall'Unione europea nell'ambito del Programma Regionale FESR Emilia-Romagna 2021-2027.",
    ),
    content: bi(
      `<p><strong>Project co-funded by the European Union — ERDF Regional Programme Emilia-Romagna 2021–2027.</strong></p>
{{figure}}
<h2 class="wp-block-heading">PORCELLANA LEGGERA: lower-energy firing and lead-free glazes for hard-paste porcelain</h2>
<p>FC Porcellane S.r.l. received a grant under Priority 1 (Research, innovation and competitiveness) of the ERDF Regional Programme Emilia-Romagna 2021–2027, in the call for innovation projects of small and medium-sized enterprises. The grant co-funds an innovation project carried out in our Faenza workshop between 2023 and 2025.</p>
<ul class="wp-block-list">
<li><strong>Beneficiary:</strong> FC Porcellane S.r.l., VAT no. IT02841390392</li>
<li><strong>Project title:</strong> PORCELLANA LEGGERA — lower-energy firing and lead-free glazes for hard-paste porcelain</li>
<li><strong>CUP (public investment code):</strong> E27H23001480007</li>
<li><strong>Total eligible cost:</strong> €186,400.00</li>
<li><strong>Public contribution:</strong> €74,560.00 (40% of eligible costs), funded by the European Union, the Italian State and the Emilia-Romagna Region</li>
<li><strong>Duration:</strong> 1 March 2023 – 28 February 2025</li>
</ul>
<h2 class="wp-block-heading">Objectives</h2>
<p>The project set out to cut the gas used by the glaze firing by at least fifteen per cent, through a new kiln control system and firing curves designed for each load; to replace the last coloured glazes containing lead and barium frits with lead-free formulations of the same colour and surface; and to record the firing history of every piece, so that each one can be traced to its kiln load.</p>
<h2 class="wp-block-heading">Results</h2>
<p>Gas consumption per kiln load fell by eighteen per cent over the final twelve months of the project. Since January 2025 every FC glaze is lead-free, and each piece carries a code under the foot that links it to its firing record. The results were presented at an open day in the workshop in March 2025.</p>
<h2 class="wp-block-heading">Transparency of public funding</h2>
<p>In accordance with Article 1, paragraphs 125–129 of Italian Law no. 124 of 4 August 2017, we publish the grants and economic benefits received from public administrations. They are also listed in the National State Aid Register (RNA).</p>
<figure class="wp-block-table"><table><thead><tr><th>Granting body</th><th>Amount received</th><th>Date received</th><th>Purpose</th></tr></thead><tbody><tr><td>Emilia-Romagna Region</td><td>€37,280.00</td><td>12 June 2024</td><td>Advance on the contribution to the PORCELLANA LEGGERA project (CUP E27H23001480007)</td></tr><tr><td>Emilia-Romagna Region</td><td>€37,280.00</td><td>20 May 2025</td><td>Balance of the contribution to the PORCELLANA LEGGERA project (CUP E27H23001480007)</td></tr></tbody></table></figure>`,
      `<p><strong>Progetto cofinanziato dall'Unione europea — Programma Regionale FESR Emilia-Romagna 2021-2027.</strong></p>
{{figure}}
<h2 class="wp-block-heading">PORCELLANA LEGGERA: cottura a minor consumo energetico e smalti senza piombo per la porcellana dura</h2>
<p>FC Porcellane S.r.l. ha ottenuto un contributo a valere sulla Priorità 1 (Ricerca, innovazione e competitività) del Programma Regionale FESR Emilia-Romagna 2021-2027, nel bando per progetti di innovazione delle piccole e medie imprese. Il contributo cofinanzia un progetto di innovazione realizzato nel nostro laboratorio di Faenza tra il 2023 e il 2025.</p>
<ul class="wp-block-list">
<li><strong>Beneficiario:</strong> FC Porcellane S.r.l., P. IVA IT02841390392</li>
<li><strong>Titolo del progetto:</strong> PORCELLANA LEGGERA — cottura a minor consumo energetico e smalti senza piombo per la porcellana dura</li>
<li><strong>CUP:</strong> E27H23001480007</li>
<li><strong>Spesa ammessa:</strong> € 186.400,00</li>
<li><strong>Contributo concesso:</strong> € 74.560,00 (40% della spesa ammessa), finanziato da Unione europea, Stato italiano e Regione Emilia-Romagna</li>
<li><strong>Durata:</strong> dal 1° marzo 2023 al 28 febbraio 2025</li>
</ul>
<h2 class="wp-block-heading">Obiettivi</h2>
<p>Il progetto si proponeva di ridurre di almeno il quindici per cento il gas consumato dalla cottura dello smalto, grazie a un nuovo sistema di controllo dei forni e a curve di cottura studiate per ogni infornata; di sostituire gli ultimi smalti colorati contenenti fritte al piombo e al bario con formulazioni senza piombo dello stesso colore e della stessa superficie; di registrare la storia di cottura di ogni pezzo, così da poterlo ricondurre alla sua infornata.</p>
<h2 class="wp-block-heading">Risultati</h2>
<p>Negli ultimi dodici mesi del progetto il consumo di gas per infornata è sceso del diciotto per cento. Da gennaio 2025 tutti gli smalti di FC sono senza piombo e ogni pezzo porta sotto il piede un codice che lo collega alla propria scheda di cottura. I risultati sono stati presentati durante una giornata di laboratorio aperto nel marzo 2025.</p>
<h2 class="wp-block-heading">Trasparenza delle erogazioni pubbliche</h2>
<p>Ai sensi dell'articolo 1, commi 125-129, della Legge 4 agosto 2017, n. 124, pubblichiamo le sovvenzioni, i contributi e i vantaggi economici ricevuti dalle pubbliche amministrazioni. Gli aiuti sono inoltre consultabili nel Registro Nazionale degli Aiuti di Stato (RNA).</p>
<figure class="wp-block-table"><table><thead><tr><th>Soggetto erogante</th><th>Somma incassata</th><th>Data di incasso</th><th>Causale</th></tr></thead><tbody><tr><td>Regione Emilia-Romagna</td><td>€ 37.280,00</td><td>12/06/2024</td><td>Anticipo del contributo per il progetto PORCELLANA LEGGERA (CUP E27H23001480007)</td></tr><tr><td>Regione Emilia-Romagna</td><td>€ 37.280,00</td><td>20/05/2025</td><td>Saldo del contributo per il progetto PORCELLANA LEGGERA (CUP E27H23001480007)</td></tr></tbody></table></figure>`,
    ),
    art: "emblem",
    figureAlt: bi(
      "The flag of the European Union: twelve gold stars in a circle on a blue ground.",
      "La bandiera dell'Unione europea: dodici stelle dorate in cerchio su fondo blu.",
    ),
    figureCaption: bi("Co-funded by the European Union.", "Cofinanziato dall'Unione europea."),
    date: "2023-04-03T15:20:00",
    menuOrder: 5,
  },
  {
    key: "prove",
    title: bi("Prove: trials in glaze and form", "Prove: ricerche di smalto e forma"),
    slug: bi("prove", "prove-it"),
    excerpt: bi(
      "Prove is Italian for trials: the test tiles, prototypes and laboratory tests behind every piece.",
      "Le prove dietro ogni pezzo: le piastrelle di prova, i prototipi e i test di laboratorio.",
    ),
    content: bi(
      `<p><em>Prove</em> is Italian for trials. Before a glaze or a form reaches the catalogue it goes through hundreds of them, and we keep every one: the long wall of test tiles in the glaze room is the closest thing we have to an archive.</p>
<h2 class="wp-block-heading">Test tiles</h2>
<p>Every glaze starts as a row of small tiles, each with a slightly different recipe, fired side by side in the same kiln. A new colour usually takes between forty and a hundred and twenty tiles; Nebbia's whites took more than three hundred. The tiles are numbered on the back, and the numbers lead to the recipe book.</p>
{{figure}}
<h2 class="wp-block-heading">Prototypes</h2>
<p>Forms are tried in plaster first, then cast or thrown in small runs of five to ten. The prototypes live in the studio for a few weeks, on tables and shelves, with flowers and without, before we decide whether a form is finished. Many are not.</p>
<h2 class="wp-block-heading">Laboratory tests</h2>
<p>Pieces meant for food are tested by an accredited laboratory before they go on sale, and again every year:</p>
<ul class="wp-block-list">
<li>Release of lead and cadmium, under Council Directive 84/500/EEC as amended</li>
<li>Resistance to the dishwasher, under EN 12875-1, over five hundred cycles</li>
<li>Thermal shock, under EN 1183</li>
<li>Microwave use, with our own test on every new glaze (gold lustre excluded)</li>
</ul>
<p>The test reports for each product are available on request: <a href="{{wp}}/contact/">ask us</a>, quoting the code under the foot.</p>`,
      `<p>Prima che uno smalto o una forma entri in catalogo passa attraverso centinaia di prove, e noi le conserviamo tutte: la lunga parete di piastrelle di prova nel reparto smalti è quanto di più vicino abbiamo a un archivio.</p>
<h2 class="wp-block-heading">Piastrelle di prova</h2>
<p>Ogni smalto nasce da una fila di piccole piastrelle, ognuna con una ricetta leggermente diversa, cotte una accanto all'altra nello stesso forno. Un nuovo colore richiede di solito tra quaranta e centoventi piastrelle; i bianchi di Nebbia ne hanno richieste più di trecento. Le piastrelle sono numerate sul retro e i numeri rimandano al quaderno delle ricette.</p>
{{figure}}
<h2 class="wp-block-heading">Prototipi</h2>
<p>Le forme si provano prima in gesso, poi vengono colate o tornite in piccole serie da cinque a dieci pezzi. I prototipi restano in studio per qualche settimana, sui tavoli e sulle mensole, con i fiori e senza, prima di decidere se una forma è finita. Molte non lo sono.</p>
<h2 class="wp-block-heading">Prove di laboratorio</h2>
<p>I pezzi destinati agli alimenti vengono analizzati da un laboratorio accreditato prima della messa in vendita, e poi ogni anno:</p>
<ul class="wp-block-list">
<li>Cessione di piombo e cadmio, secondo la Direttiva 84/500/CEE e successive modifiche</li>
<li>Resistenza al lavaggio in lavastoviglie, secondo la norma EN 12875-1, su cinquecento cicli</li>
<li>Shock termico, secondo la norma EN 1183</li>
<li>Uso nel forno a microonde, con un nostro test su ogni nuovo smalto (escluso il lustro oro)</li>
</ul>
<p>I rapporti di prova di ogni prodotto sono disponibili su richiesta: <a href="{{wp}}/it/contatti/">scrivici</a> indicando il codice impresso sotto il piede.</p>`,
    ),
    art: "tiles",
    figureAlt: bi(
      "A wall of small glaze test tiles in rows, in whites, celadon greens, sand, black, blush and gold.",
      "Una parete di piccole piastrelle di prova degli smalti in file ordinate: bianchi, verdi celadon, sabbia, nero, cipria e oro.",
    ),
    figureCaption: bi(
      "Part of the test tile wall in the glaze room.",
      "Una parte della parete delle prove nel reparto smalti.",
    ),
    date: "2021-06-07T08:50:00",
    menuOrder: 3,
  },
  {
    key: "contact",
    title: bi("Contact", "Contatti"),
    slug: bi("contact", "contatti"),
    excerpt: bi(
      "Write to us, call us, or visit the workshop in Faenza.",
      "Scrivici, chiamaci o vieni a trovarci nel laboratorio di Faenza.",
    ),
    content: bi(
      `<p>We answer every message within two working days. For orders, trade enquiries and visits to the workshop, these are the quickest ways to reach us.</p>
<h2 class="wp-block-heading">FC Porcellane S.r.l.</h2>
<p>Via delle Fornaci 18<br>48018 Faenza (RA), Italy<br>Tel. <a href="tel:+390546621480">+39 0546 621480</a><br><a href="mailto:info@fc-porcellane.it">info@fc-porcellane.it</a></p>
{{figure}}
<h2 class="wp-block-heading">Who to write to</h2>
<ul class="wp-block-list">
<li><strong>Orders and product questions:</strong> <a href="mailto:info@fc-porcellane.it">info@fc-porcellane.it</a></li>
<li><strong>Shops, architects and interior designers:</strong> <a href="mailto:trade@fc-porcellane.it">trade@fc-porcellane.it</a></li>
<li><strong>Press:</strong> <a href="mailto:press@fc-porcellane.it">press@fc-porcellane.it</a></li>
</ul>
<h2 class="wp-block-heading">Visiting</h2>
<p>The showroom is open Monday to Friday, 9:00–13:00 and 14:30–18:00. The workshop is open to visitors on the first Saturday of every month, by appointment. We are a ten-minute walk from Faenza station.</p>`,
      `<p>Rispondiamo a ogni messaggio entro due giorni lavorativi. Per ordini, richieste commerciali e visite al laboratorio, questi sono i modi più rapidi per raggiungerci.</p>
<h2 class="wp-block-heading">FC Porcellane S.r.l.</h2>
<p>Via delle Fornaci 18<br>48018 Faenza (RA)<br>Tel. <a href="tel:+390546621480">+39 0546 621480</a><br><a href="mailto:info@fc-porcellane.it">info@fc-porcellane.it</a></p>
{{figure}}
<h2 class="wp-block-heading">A chi scrivere</h2>
<ul class="wp-block-list">
<li><strong>Ordini e informazioni sui prodotti:</strong> <a href="mailto:info@fc-porcellane.it">info@fc-porcellane.it</a></li>
<li><strong>Negozi, architetti e interior designer:</strong> <a href="mailto:trade@fc-porcellane.it">trade@fc-porcellane.it</a></li>
<li><strong>Stampa:</strong> <a href="mailto:press@fc-porcellane.it">press@fc-porcellane.it</a></li>
</ul>
<h2 class="wp-block-heading">Visite</h2>
<p>Lo showroom è aperto dal lunedì al venerdì, dalle 9:00 alle 13:00 e dalle 14:30 alle 18:00. Il laboratorio è aperto ai visitatori il primo sabato di ogni mese, su appuntamento. Siamo a dieci minuti a piedi dalla stazione di Faenza.</p>`,
    ),
    art: "facade",
    figureAlt: bi(
      "The brick façade of the former brickworks that houses the FC workshop, with tall arched windows.",
      "La facciata in mattoni dell'ex fornace che ospita il laboratorio di FC, con alte finestre ad arco.",
    ),
    figureCaption: bi("The workshop in Via delle Fornaci.", "Il laboratorio di via delle Fornaci."),
    date: "2021-01-22T14:05:00",
    menuOrder: 6,
  },
  {
    key: "newsletter",
    title: bi("Newsletter", "Newsletter"),
    slug: bi("newsletter", "newsletter-it"),
    excerpt: bi(
      "Four letters a year: new collections, workshop open days and the occasional recipe.",
      "Quattro lettere all'anno: nuove collezioni, giornate di laboratorio aperto e qualche ricetta.",
    ),
    content: bi(
      `<p>Four times a year we write a short letter from the workshop. It is the first place where new collections appear, and the only place where we announce the open days and the sale of seconds.</p>
{{figure}}
<h2 class="wp-block-heading">What you will receive</h2>
<ul class="wp-block-list">
<li>New collections and exclusives, a few weeks before they reach the shops</li>
<li>Dates of the workshop open days</li>
<li>A story from the studio: a glaze, a form, a project</li>
</ul>
<p>We use your address only to send the newsletter, and never share it. Every letter has a link to unsubscribe.</p>`,
      `<p>Quattro volte all'anno scriviamo una breve lettera dal laboratorio. È il primo posto in cui compaiono le nuove collezioni e l'unico in cui annunciamo le giornate di laboratorio aperto e la vendita delle seconde scelte.</p>
{{figure}}
<h2 class="wp-block-heading">Che cosa riceverai</h2>
<ul class="wp-block-list">
<li>Nuove collezioni ed esclusive, qualche settimana prima che arrivino nei negozi</li>
<li>Le date delle giornate di laboratorio aperto</li>
<li>Una storia dallo studio: uno smalto, una forma, un progetto</li>
</ul>
<p>Usiamo il tuo indirizzo solo per inviarti la newsletter e non lo cediamo a nessuno. In ogni lettera trovi il link per annullare l'iscrizione.</p>`,
    ),
    art: "flatlay",
    figureAlt: bi(
      "Plates and bowls in several glazes laid out on a table, seen from above.",
      "Piatti e ciotole in diversi smalti disposti su un tavolo, visti dall'alto.",
    ),
    figureCaption: bi("", ""),
    date: "2021-03-15T09:00:00",
    menuOrder: 7,
  },
  {
    key: "trade",
    title: bi("Trade area", "Area rivenditori"),
    slug: bi("trade", "area-rivenditori"),
    excerpt: bi(
      "Price lists and lead times for shops and interior designers.",
      "Listini e tempi di consegna per negozi e interior designer.",
    ),
    content: bi(
      `<p>The current trade price list, lead times and packing specifications. Prices are ex works Faenza, VAT excluded.</p>
<ul class="wp-block-list">
<li>Minimum order: €800.00</li>
<li>Lead time for catalogue pieces: four to six weeks</li>
<li>Exclusives and custom glazes: on request</li>
</ul>`,
      `<p>Il listino rivenditori in vigore, i tempi di consegna e le specifiche di imballaggio. Prezzi franco fabbrica Faenza, IVA esclusa.</p>
<ul class="wp-block-list">
<li>Ordine minimo: € 800,00</li>
<li>Tempi di consegna dei pezzi a catalogo: da quattro a sei settimane</li>
<li>Esclusive e smalti su misura: su richiesta</li>
</ul>`,
    ),
    art: "studio",
    figureAlt: bi("", ""),
    figureCaption: bi("", ""),
    date: "2022-02-01T10:00:00",
    menuOrder: 9,
    password: "porcellana",
  },
];

/** A menu entry as an editor sets it up in Appearance → Menus. */
export interface MenuEntryCopy {
  label: Bilingual;
  /** A site path or external URL typed by the editor ("custom link")… */
  url?: Bilingual;
  /** …or a page of the site (WordPress fills in its permalink). */
  page?: PageKey;
  /** Opens in a new tab. */
  external?: boolean;
  children?: readonly MenuEntryCopy[];
  /** Added later than the rest of the menu (a higher item id, but its place in the order). */
  addedLater?: string;
}

const custom = (
  en: string,
  it: string,
  urlEn: string,
  urlIt: string,
  extra: Partial<MenuEntryCopy> = {},
): MenuEntryCopy => ({
  label: bi(en, it),
  url: bi(urlEn, urlIt),
  ...extra,
});
const pageLink = (en: string, it: string, page: PageKey): MenuEntryCopy => ({ label: bi(en, it), page });

export const MENUS: Record<"header" | "footer", readonly MenuEntryCopy[]> = {
  header: [
    custom("Products", "Prodotti", "/products", "/it/prodotti"),
    custom("Collections", "Collezioni", "/collections", "/it/collezioni"),
    custom("Exclusives", "Esclusivi", "/exclusives", "/it/esclusivi"),
    custom("Projects", "Progetti", "/projects", "/it/progetti", { addedLater: "2022-11-14T10:02:00" }),
    custom("About", "Chi siamo", "/about", "/it/about", {
      children: [
        pageLink("Manufacture", "Manifattura", "manufacture"),
        pageLink("Prove", "Prove", "prove"),
        pageLink("Funding", "Finanziamenti", "funding"),
      ],
    }),
    custom("Contact", "Contatti", "/contact", "/it/contatti"),
  ],
  footer: [
    custom("Newsletter", "Newsletter", "/newsletter", "/it/newsletter"),
    custom("Contact", "Contatti", "/contact", "/it/contatti"),
    pageLink("Funding", "Finanziamenti", "funding"),
    custom("Wishlist", "Wishlist", "/wishlist", "/it/wishlist"),
    custom(
      "Instagram",
      "Instagram",
      "https://www.instagram.com/fc.porcellane/",
      "https://www.instagram.com/fc.porcellane/",
      { external: true },
    ),
  ],
};
