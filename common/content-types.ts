// Names of WordPress content that both sides use: the server reads and signs them, the browser's
// preview route checks a link against them before it asks the server.

/** What WordPress's Preview can open on the site (the fc-headless plugin's preview route). */
export const PREVIEW_TYPES = [
  "products",
  "collections",
  "exclusives",
  "designers",
  "projects",
  "imagemap_products",
  "pages",
] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];
