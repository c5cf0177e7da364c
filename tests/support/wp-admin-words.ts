// What an editor reads on FC's editing screens, in each language of the editors' profiles: the
// plugins' own words (fc-catalogue's and fc-headless's, translated in wordpress/*/languages/),
// written out here as the editor sees them so that a missing or wrong translation fails the
// journey. WordPress's own words are not needed: the steps find its controls by id and class.
export type AdminLanguage = "en" | "it";

export interface Words {
  /** The admin menu's names of FC's post types. */
  menu: string[];
  panels: { designer: string; collection: string; exclusive: string; product: string; imagemap: string; front: string };
  fields: {
    role: string;
    city: string;
    subtitle: string;
    designer: string;
    year: string;
    partner: string;
    code: string;
    dimensions: string;
    materials: string;
    collection: string;
    exclusive: string;
    gallery: string;
    related: string;
    sceneImage: string;
    heroImage: string;
    tagline: string;
    featuredCollections: string;
    imagemap: string;
  };
  /** The block editor's panels of the product taxonomies (their menu names). */
  taxonomies: { categories: string; colours: string };
  /** Appearance → Menus: the box of product categories. */
  menusCategoriesBox: string;
  chooseImage: string;
  replaceImage: string;
  chooseImages: string;
  moveImageUp: (n: number) => string;
  largerScene: string;
  done: string;
  hotspotProduct: (n: number) => string;
  /** The end of a hotspot's label: where it is ("at 30 %, 60 %"). */
  hotspotAt: (x: string, y: string) => RegExp;
  hexRefused: (typed: string) => string;
  codeRefused: (code: string, title: string) => string;
  live: string;
  notConfirmed: string;
}

export const WORDS: Record<AdminLanguage, Words> = {
  en: {
    menu: ["Products", "Collections", "Exclusives", "Designers", "Projects", "Imagemaps"],
    panels: {
      designer: "Designer details",
      collection: "Collection details",
      exclusive: "Exclusive details",
      product: "Product details",
      imagemap: "Imagemap details",
      front: "Front page",
    },
    fields: {
      role: "Role",
      city: "City",
      subtitle: "Subtitle",
      designer: "Designer",
      year: "Year",
      partner: "Partner",
      code: "Code",
      dimensions: "Dimensions",
      materials: "Materials",
      collection: "Collection",
      exclusive: "Exclusive",
      gallery: "Gallery",
      related: "Related products",
      sceneImage: "Scene image",
      heroImage: "Hero image",
      tagline: "Tagline",
      featuredCollections: "Featured collections",
      imagemap: "Imagemap",
    },
    taxonomies: { categories: "Categories", colours: "Colours" },
    menusCategoriesBox: "Product categories",
    chooseImage: "Choose image",
    replaceImage: "Replace image",
    chooseImages: "Choose images",
    moveImageUp: (n) => `Move image ${n} up`,
    largerScene: "Place hotspots on a larger scene",
    done: "Done",
    hotspotProduct: (n) => `Hotspot ${n} product`,
    hotspotAt: (x, y) => new RegExp(`, at ${x} %, ${y} %$`),
    hexRefused: (typed) => `Hex: “${typed}” is not a colour`,
    codeRefused: (code, title) => `Code: ${code} is already the code of “${title}”`,
    live: "Live on the site",
    notConfirmed: "The site has not confirmed yet — retrying",
  },
  it: {
    menu: ["Prodotti", "Collezioni", "Esclusivi", "Designer", "Progetti", "Immagini interattive"],
    panels: {
      designer: "Dettagli del designer",
      collection: "Dettagli della collezione",
      exclusive: "Dettagli dell’esclusivo",
      product: "Dettagli del prodotto",
      imagemap: "Dettagli dell’immagine interattiva",
      front: "Pagina iniziale",
    },
    fields: {
      role: "Ruolo",
      city: "Città",
      subtitle: "Sottotitolo",
      designer: "Designer",
      year: "Anno",
      partner: "Partner",
      code: "Codice",
      dimensions: "Dimensioni",
      materials: "Materiali",
      collection: "Collezione",
      exclusive: "Esclusivo",
      gallery: "Galleria",
      related: "Prodotti correlati",
      sceneImage: "Immagine della scena",
      heroImage: "Immagine di apertura",
      tagline: "Frase di apertura",
      featuredCollections: "Collezioni in evidenza",
      imagemap: "Immagine interattiva",
    },
    taxonomies: { categories: "Categorie", colours: "Colori" },
    menusCategoriesBox: "Categorie di prodotto",
    chooseImage: "Scegli l’immagine",
    replaceImage: "Sostituisci l’immagine",
    chooseImages: "Scegli le immagini",
    moveImageUp: (n) => `Sposta in su l’immagine ${n}`,
    largerScene: "Posiziona gli hotspot su una scena più grande",
    done: "Fatto",
    hotspotProduct: (n) => `Prodotto dell’hotspot ${n}`,
    hotspotAt: (x, y) => new RegExp(`, a ${x} %, ${y} %$`),
    hexRefused: (typed) => `Codice colore: “${typed}” non è un colore`,
    codeRefused: (code, title) => `Codice: ${code} è già il codice di “${title}”`,
    live: "Visibile sul sito",
    notConfirmed: "Il sito non ha ancora confermato — nuovo tentativo in corso",
  },
};
