// The kinds of object FC makes, in words: what each is called in English and Italian (with the
// Italian article, since Italian adjectives and articles agree with the noun), how it is made,
// and what its photographs show. The artwork module draws the same kinds.
import { bi, type Bilingual } from "./bilingual";
import type { CategoryKey } from "./taxonomy";

export type FormKey =
  | "vase"
  | "bottle"
  | "amphora"
  | "bowl"
  | "plate"
  | "charger"
  | "centerpiece"
  | "stand"
  | "relief"
  | "panel"
  | "lamp"
  | "pendant";

export interface FormCopy {
  key: FormKey;
  category: CategoryKey;
  /** In product names: "Onda Vase" / "Vaso Onda". */
  nameNoun: Bilingual;
  /** "of the vase" in Italian, for alt text ("del vaso", "della ciotola", "dell'anfora"). */
  itOf: string;
  /** How it is made: one or two sentences for the description. */
  method: Bilingual;
  /** What the main photograph shows, for alt text. */
  picture: Bilingual;
  /** What the detail photograph shows. */
  detail: Bilingual;
  materials: Bilingual;
}

export const FORMS: readonly FormCopy[] = [
  {
    key: "vase",
    category: "vases",
    nameNoun: bi("Vase", "Vaso"),
    itOf: "del vaso",
    method: bi(
      "Slip-cast in hard-paste porcelain and fired at 1,380 °C, the vase is fully vitrified and holds water without a liner.",
      "Colato in porcellana dura e cotto a 1.380 °C, il vaso è completamente vetrificato e tiene l'acqua senza contenitore interno.",
    ),
    picture: bi("a slip-cast porcelain vase", "un vaso in porcellana colata"),
    detail: bi("the rim and the shoulder", "il bordo e la spalla"),
    materials: bi("Hard-paste porcelain", "Porcellana dura"),
  },
  {
    key: "bottle",
    category: "vases",
    nameNoun: bi("Bottle Vase", "Bottiglia"),
    itOf: "della bottiglia",
    method: bi(
      "Slip-cast in one piece, the bottle has a narrow neck that holds one or two stems upright.",
      "Colata in un solo pezzo, la bottiglia ha un collo stretto che tiene diritti uno o due steli.",
    ),
    picture: bi(
      "a slender porcelain bottle vase with a narrow neck",
      "una bottiglia slanciata in porcellana dal collo stretto",
    ),
    detail: bi("the neck", "il collo"),
    materials: bi("Hard-paste porcelain", "Porcellana dura"),
  },
  {
    key: "amphora",
    category: "vases",
    nameNoun: bi("Amphora", "Anfora"),
    itOf: "dell'anfora",
    method: bi(
      "The amphora is cast in two parts and joined by hand at the shoulder, where a faint seam is left visible; the two small lugs are pulled by hand.",
      "L'anfora è colata in due parti e unita a mano all'altezza della spalla, dove resta visibile una sottile giuntura; le due piccole anse sono tirate a mano.",
    ),
    picture: bi(
      "a wide-shouldered porcelain amphora with two small lugs",
      "un'anfora in porcellana dalle spalle larghe, con due piccole anse",
    ),
    detail: bi("the shoulder and one of the lugs", "la spalla e una delle anse"),
    materials: bi("Hard-paste porcelain", "Porcellana dura"),
  },
  {
    key: "bowl",
    category: "bowls",
    nameNoun: bi("Bowl", "Ciotola"),
    itOf: "della ciotola",
    method: bi(
      "Thrown on the wheel and trimmed when leather-hard, the bowl stands on a foot ring cut by hand.",
      "Tornita e rifinita a durezza cuoio, la ciotola poggia su un piede ad anello tagliato a mano.",
    ),
    picture: bi(
      "a thin-walled porcelain bowl seen from slightly above",
      "una ciotola in porcellana a parete sottile, vista leggermente dall'alto",
    ),
    detail: bi("the rim and the inside of the bowl", "il bordo e l'interno"),
    materials: bi("Hard-paste porcelain", "Porcellana dura"),
  },
  {
    key: "plate",
    category: "plates",
    nameNoun: bi("Plate", "Piatto"),
    itOf: "del piatto",
    method: bi(
      "The plate is jiggered on a plaster mould, then sponged by hand to soften the rim.",
      "Il piatto è foggiato a calibro su uno stampo in gesso, poi rifinito a spugna per ammorbidire la tesa.",
    ),
    picture: bi("a round porcelain plate seen from above", "un piatto tondo in porcellana visto dall'alto"),
    detail: bi("the rim", "la tesa"),
    materials: bi("Hard-paste porcelain", "Porcellana dura"),
  },
  {
    key: "charger",
    category: "plates",
    nameNoun: bi("Charger", "Sottopiatto"),
    itOf: "del sottopiatto",
    method: bi(
      "Wide enough to sit under a dinner plate, the charger is pressed and fired flat on a setter to keep it true.",
      "Abbastanza ampio da accogliere un piatto piano, il sottopiatto è pressato e cotto in piano su un supporto che ne preserva la planarità.",
    ),
    picture: bi("a wide porcelain charger seen from above", "un ampio sottopiatto in porcellana visto dall'alto"),
    detail: bi("the rim", "la tesa"),
    materials: bi("Hard-paste porcelain", "Porcellana dura"),
  },
  {
    key: "centerpiece",
    category: "centerpieces",
    nameNoun: bi("Centerpiece", "Centrotavola"),
    itOf: "del centrotavola",
    method: bi(
      "The centerpiece is cast in a single long mould, a piece that is hard to fire without warping: every one is checked flat when it leaves the kiln.",
      "Il centrotavola è colato in un unico stampo allungato, un pezzo difficile da cuocere senza deformazioni: ognuno viene controllato in piano all'uscita dal forno.",
    ),
    picture: bi("a long, low porcelain centerpiece", "un centrotavola in porcellana lungo e basso"),
    detail: bi("the edge", "il bordo"),
    materials: bi("Hard-paste porcelain", "Porcellana dura"),
  },
  {
    key: "stand",
    category: "centerpieces",
    nameNoun: bi("Cake Stand", "Alzata"),
    itOf: "dell'alzata",
    method: bi(
      "The cake stand is thrown in two parts, bowl and foot, and joined on the wheel.",
      "L'alzata è tornita in due parti, coppa e piede, unite poi al tornio.",
    ),
    picture: bi("a footed porcelain cake stand", "un'alzata in porcellana su piede"),
    detail: bi("the rim of the top", "il bordo della coppa"),
    materials: bi("Hard-paste porcelain", "Porcellana dura"),
  },
  {
    key: "relief",
    category: "wall-art",
    nameNoun: bi("Wall Relief", "Rilievo"),
    itOf: "del rilievo",
    method: bi(
      "The relief is pressed by hand into plaster moulds and mounted on a concealed aluminium bracket, ready to hang.",
      "Il rilievo è pressato a mano in stampi di gesso e montato su una staffa nascosta in alluminio, pronto da appendere.",
    ),
    picture: bi(
      "a porcelain wall relief whose elements cast soft shadows",
      "un rilievo da parete in porcellana i cui elementi proiettano ombre morbide",
    ),
    detail: bi("the surface in raking light", "la superficie in luce radente"),
    materials: bi(
      "Biscuit and glazed porcelain, aluminium bracket",
      "Porcellana biscotto e smaltata, staffa in alluminio",
    ),
  },
  {
    key: "panel",
    category: "wall-art",
    nameNoun: bi("Wall Panel", "Pannello"),
    itOf: "del pannello",
    method: bi(
      "The panel is made of separate porcelain elements on a concealed frame; a paper template comes with it for hanging.",
      "Il pannello è composto da elementi in porcellana separati su un telaio nascosto; per l'installazione è fornita una dima di carta.",
    ),
    picture: bi(
      "a wall panel of porcelain elements arranged in a pattern",
      "un pannello da parete composto da elementi in porcellana disposti secondo un disegno",
    ),
    detail: bi("a group of elements in raking light", "un gruppo di elementi in luce radente"),
    materials: bi("Porcelain, concealed steel frame", "Porcellana, telaio nascosto in acciaio"),
  },
  {
    key: "lamp",
    category: "lighting",
    nameNoun: bi("Table Lamp", "Lampada"),
    itOf: "della lampada",
    method: bi(
      "The porcelain body is cast thin enough to glow; the lamp comes wired with a braided fabric cable and a dimmable E27 holder.",
      "Il corpo in porcellana è colato abbastanza sottile da illuminarsi; la lampada è cablata con cavo in tessuto intrecciato e portalampada E27 dimmerabile.",
    ),
    picture: bi(
      "a table lamp with a porcelain base and a glowing shade",
      "una lampada da tavolo con base in porcellana e diffusore acceso",
    ),
    detail: bi("the shade", "il diffusore"),
    materials: bi("Porcelain, braided fabric cable, brass", "Porcellana, cavo in tessuto intrecciato, ottone"),
  },
  {
    key: "pendant",
    category: "lighting",
    nameNoun: bi("Pendant", "Sospensione"),
    itOf: "della sospensione",
    method: bi(
      "The pendant shade is cast in translucent porcelain and hangs from a braided fabric cable with a brass ceiling rose.",
      "Il diffusore della sospensione è colato in porcellana translucida e pende da un cavo in tessuto intrecciato con rosone in ottone.",
    ),
    picture: bi("a porcelain pendant lamp, lit from within", "una sospensione in porcellana accesa"),
    detail: bi("the lower edge of the shade", "il bordo inferiore del diffusore"),
    materials: bi(
      "Translucent porcelain, braided fabric cable, brass",
      "Porcellana translucida, cavo in tessuto intrecciato, ottone",
    ),
  },
];

export function form(key: FormKey): FormCopy {
  const found = FORMS.find((f) => f.key === key);
  if (!found) throw new Error(`unknown form ${key}`);
  return found;
}
