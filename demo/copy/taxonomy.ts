// The product taxonomies of the demo catalogue: what FC makes (categories) and the glazes it
// makes them in (colours). Names and descriptions as an editor would write them in each language.
import { bi, type Bilingual } from "./bilingual";

export type CategoryKey = "vases" | "wall-art" | "centerpieces" | "bowls" | "lighting" | "plates";
export type ColourKey = "white" | "celadon" | "ink" | "sand" | "gold" | "blush";

export interface CategoryCopy {
  key: CategoryKey;
  name: Bilingual;
  slug: Bilingual;
  description: Bilingual;
  /** Letter of the product codes in this category (FC-V014). */
  codeLetter: string;
  care: Bilingual;
}

export interface ColourCopy {
  key: ColourKey;
  name: Bilingual;
  /** The colour after "in …" in running text ("in celadon", "in nero inchiostro"). */
  inText: Bilingual;
  slug: Bilingual;
  hex: string;
  description: Bilingual;
  /** One sentence about the glaze for product descriptions. */
  glazeLine: Bilingual;
  finish: "gloss" | "matte" | "lustre";
}

export const CATEGORIES: readonly CategoryCopy[] = [
  {
    key: "vases",
    name: bi("Vases", "Vasi"),
    slug: bi("vases", "vasi"),
    description: bi(
      "Slip-cast and thrown vases in hard-paste porcelain, from slender bud vases to sculptural pieces for the floor.",
      "Vasi in porcellana dura, colati e torniti: dai piccoli portafiori alle forme scultoree da terra.",
    ),
    codeLetter: "V",
    care: bi(
      "Dishwasher safe; dry the unglazed foot before placing it on wood.",
      "Lavabile in lavastoviglie; asciugare il piede non smaltato prima di appoggiarlo sul legno.",
    ),
  },
  {
    key: "wall-art",
    name: bi("Wall art", "Arte da parete"),
    slug: bi("wall-art", "arte-da-parete"),
    description: bi(
      "Porcelain reliefs and wall compositions that catch the light as it moves through a room.",
      "Rilievi e composizioni murali in porcellana che catturano la luce mentre attraversa la stanza.",
    ),
    codeLetter: "W",
    care: bi(
      "Dust with a soft, dry brush. For indoor use only.",
      "Spolverare con un pennello morbido e asciutto. Solo per interni.",
    ),
  },
  {
    key: "centerpieces",
    name: bi("Centerpieces", "Centrotavola"),
    slug: bi("centerpieces", "centrotavola"),
    description: bi(
      "Footed bowls, cake stands and long vessels that give a table its centre.",
      "Alzate, coppe su piede e vassoi allungati: forme che danno un centro alla tavola.",
    ),
    codeLetter: "C",
    care: bi(
      "Food safe. Wash by hand in warm water; not for the oven.",
      "Si può usare con gli alimenti. Si lava a mano in acqua tiepida; non va in forno.",
    ),
  },
  {
    key: "bowls",
    name: bi("Bowls", "Ciotole"),
    slug: bi("bowls", "ciotole"),
    description: bi(
      "Bowls for the table and for display, thin-walled and translucent against the light.",
      "Ciotole da tavola e da esposizione, a parete sottile, translucide in controluce.",
    ),
    codeLetter: "B",
    care: bi(
      "Food, dishwasher and microwave safe (except the gold lustre pieces).",
      "Adatta agli alimenti, alla lavastoviglie e al microonde (escluse le versioni in lustro oro).",
    ),
  },
  {
    key: "lighting",
    name: bi("Lighting", "Illuminazione"),
    slug: bi("lighting", "illuminazione"),
    description: bi(
      "Table lamps and pendants with porcelain bodies and shades that glow when they are lit.",
      "Lampade da tavolo e sospensioni con corpi e diffusori in porcellana che si accendono di luce calda.",
    ),
    codeLetter: "L",
    care: bi(
      "CE marked; use an LED bulb of up to 8 W. Clean with a dry cloth, with the lamp switched off.",
      "Marcatura CE; utilizzare una lampadina LED fino a 8 W. Pulire con un panno asciutto, a lampada spenta.",
    ),
  },
  {
    key: "plates",
    name: bi("Plates", "Piatti"),
    slug: bi("plates", "piatti"),
    description: bi(
      "Plates, chargers and serving dishes, glazed for everyday use and for the collector's shelf.",
      "Piatti, sottopiatti e piatti da portata, smaltati per l'uso quotidiano e per la vetrina del collezionista.",
    ),
    codeLetter: "P",
    care: bi(
      "Food and dishwasher safe; stack gold lustre pieces with a cloth between them.",
      "Adatto agli alimenti e alla lavastoviglie; impilare i pezzi in lustro oro con un panno tra l'uno e l'altro.",
    ),
  },
];

export const COLOURS: readonly ColourCopy[] = [
  {
    key: "white",
    name: bi("White porcelain", "Bianco porcellana"),
    inText: bi("white porcelain", "bianco porcellana"),
    slug: bi("white-porcelain", "bianco-porcellana"),
    hex: "#F4F1EA",
    description: bi(
      "The white body under a clear glaze: the colour of the clay itself.",
      "Il corpo bianco sotto una cristallina trasparente: il colore stesso dell'impasto.",
    ),
    glazeLine: bi(
      "A clear glaze leaves the white of the porcelain untouched.",
      "La cristallina trasparente lascia intatto il bianco della porcellana.",
    ),
    finish: "gloss",
  },
  {
    key: "celadon",
    name: bi("Celadon", "Celadon"),
    inText: bi("celadon", "celadon"),
    slug: bi("celadon", "celadon-it"),
    hex: "#A9BCA4",
    description: bi(
      "A pale grey-green glaze with a long history, deeper wherever it pools.",
      "Uno smalto verde-grigio pallido di lunga tradizione, più intenso dove si raccoglie.",
    ),
    glazeLine: bi(
      "The celadon glaze turns greener wherever it pools, at the foot and in every groove.",
      "Lo smalto celadon si fa più verde dove si raccoglie, al piede e in ogni solco.",
    ),
    finish: "gloss",
  },
  {
    key: "ink",
    name: bi("Ink black", "Nero inchiostro"),
    inText: bi("ink black", "nero inchiostro"),
    slug: bi("ink-black", "nero-inchiostro"),
    hex: "#24272C",
    description: bi(
      "A deep satin black that looks almost blue in daylight.",
      "Un nero profondo e satinato, quasi blu alla luce del giorno.",
    ),
    glazeLine: bi(
      "The ink-black glaze is satin rather than glossy, and turns almost blue in daylight.",
      "Lo smalto nero inchiostro è satinato più che lucido e alla luce del giorno vira quasi al blu.",
    ),
    finish: "matte",
  },
  {
    key: "sand",
    name: bi("Sand", "Sabbia"),
    inText: bi("sand", "sabbia"),
    slug: bi("sand", "sabbia"),
    hex: "#D8C6A6",
    description: bi(
      "A warm matt glaze with a fine speckle from the iron in the clay.",
      "Uno smalto opaco e caldo, con una leggera puntinatura dovuta al ferro dell'impasto.",
    ),
    glazeLine: bi(
      "The sand glaze is matt and warm, with a fine speckle from the iron in the clay.",
      "Lo smalto sabbia è opaco e caldo, con una leggera puntinatura dovuta al ferro dell'impasto.",
    ),
    finish: "matte",
  },
  {
    key: "gold",
    name: bi("Gold lustre", "Lustro oro"),
    inText: bi("gold lustre", "lustro oro"),
    slug: bi("gold-lustre", "lustro-oro"),
    hex: "#B8944C",
    description: bi(
      "Real gold lustre, brushed on by hand and fixed in a third firing.",
      "Lustro in oro zecchino, steso a pennello e fissato con una terza cottura.",
    ),
    glazeLine: bi(
      "The gold lustre is brushed on by hand and fixed in a third firing; wash it by hand.",
      "Il lustro oro è steso a pennello e fissato con una terza cottura; va lavato a mano.",
    ),
    finish: "lustre",
  },
  {
    key: "blush",
    name: bi("Blush", "Cipria"),
    inText: bi("blush", "cipria"),
    slug: bi("blush", "cipria"),
    hex: "#E5C2B8",
    description: bi(
      "A soft powder pink, first mixed for a hotel commission on Lake Como.",
      "Un rosa tenue color cipria, nato per la commessa di un albergo sul lago di Como.",
    ),
    glazeLine: bi(
      "The blush glaze is a soft powder pink that warms in evening light.",
      "Lo smalto cipria è un rosa tenue che si scalda alla luce della sera.",
    ),
    finish: "gloss",
  },
];

export function category(key: CategoryKey): CategoryCopy {
  const found = CATEGORIES.find((c) => c.key === key);
  if (!found) throw new Error(`unknown category ${key}`);
  return found;
}

export function colour(key: ColourKey): ColourCopy {
  const found = COLOURS.find((c) => c.key === key);
  if (!found) throw new Error(`unknown colour ${key}`);
  return found;
}
