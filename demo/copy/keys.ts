// The demo catalogue's names for its series, designers and editions: the keys the copy modules
// (series.ts, editions.ts) use to point at each other.

export type SeriesKey =
  | "onda"
  | "riva"
  | "conchiglia"
  | "vela"
  | "brina"
  | "nuvola"
  | "goccia"
  | "arco"
  | "cupola"
  | "tamburo"
  | "fuso"
  | "corolla"
  | "seme"
  | "giunco"
  | "ninfea"
  | "loggia"
  | "aurea"
  | "pietra"
  | "sera"
  | "alba";

export type DesignerKey = "giulia" | "marco" | "elena" | "anna" | "kenji";
export type CollectionKey = "marea" | "nebbia" | "architetture" | "giardino";
export type ExclusiveKey = "ninfea" | "sette-archi" | "verrier";
