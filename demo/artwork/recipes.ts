// What an image of the demo catalogue shows, as data: the catalogue stores one of these on every
// attachment, and images.ts draws it. Keeping recipes small and serialisable lets the disk cache
// key on them and lets the catalogue place imagemap hotspots from the same layout the drawing uses.
import type { Finish } from "./color";
import type { FormKey } from "../copy/forms";
import type { ToolKind } from "../copy/editions";

export type FormKind = FormKey;
/** Decoration a series carries into its forms (reliefs and plates use it most). */
export type Motif =
  | "none"
  | "waves"
  | "lines"
  | "shells"
  | "drops"
  | "arches"
  | "domes"
  | "bands"
  | "petals"
  | "dots"
  | "reeds"
  | "leaves"
  | "brush";

export interface FormRecipe {
  kind: FormKind;
  /** Varies the profile and proportions: every product looks different. */
  seed: number;
  glaze: string;
  finish: Finish;
  /** A second colour used as a rim or band (gold lustre), or null. */
  accent: string | null;
  motif: Motif;
  /** Forces a vase's silhouette (the hero wants a classic one); otherwise the seed picks. */
  silhouette?: "ovoid" | "shouldered" | "cylinder" | "gourd" | "flared";
}

export type RoomStyle = "living" | "dining" | "gallery" | "apartment";
export type StudioScene = "studio" | "workshop" | "tiles" | "facade" | "flatlay" | "emblem";

export type Artwork =
  /** A product photograph: 0 the object, 1 a detail, 2 another light (and its second colour). */
  | { scene: "product"; form: FormRecipe; view: 0 | 1 | 2; alternate: FormRecipe | null }
  /** An interior with objects on a sideboard, shelf and wall; imagemaps place hotspots on them. */
  | { scene: "room"; style: RoomStyle; seed: number; forms: FormRecipe[] }
  /** The front page's single object in long light. */
  | { scene: "hero"; form: FormRecipe; seed: number }
  /** A few objects together, for categories, collections and exclusives. */
  | { scene: "group"; aspect: Aspect; seed: number; forms: FormRecipe[] }
  /** A designer: a tool of the trade on a tinted ground. */
  | { scene: "portrait"; tool: ToolKind; tint: string; seed: number }
  /** The company pages' figures. */
  | { scene: StudioScene; seed: number; glazes: string[] };

export type Aspect = "portrait" | "wide" | "landscape";

/** Pixel size of the original upload ("full") per aspect: 4:5, 16:9, 3:2. */
export const FULL_SIZE: Record<Aspect, { width: number; height: number }> = {
  portrait: { width: 1600, height: 2000 },
  wide: { width: 1600, height: 900 },
  landscape: { width: 1600, height: 1067 },
};

/** The drawing's own coordinate system per aspect (the SVG viewBox). */
export const VIEWBOX: Record<Aspect, { width: number; height: number }> = {
  portrait: { width: 800, height: 1000 },
  wide: { width: 1600, height: 900 },
  landscape: { width: 1200, height: 800 },
};

export function aspectOf(art: Artwork): Aspect {
  switch (art.scene) {
    case "product":
    case "portrait":
      return "portrait";
    case "group":
      return art.aspect;
    case "room":
    case "hero":
    case "studio":
    case "workshop":
    case "tiles":
      return "wide";
    case "facade":
    case "flatlay":
    case "emblem":
      return "landscape";
  }
}
