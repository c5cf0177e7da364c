// The demo WordPress as a package: the one way in for everything outside demo/. The site reaches
// it only where it starts it without WP_URL (server/main.ts, a dynamic import, so a site reading a
// real WordPress never loads it or sharp); tests, the bench and the WordPress seed export import
// what they drive from here. It imports nothing from the site: only the locale vocabulary of common/.
export {
  startDemoWordPress,
  createDemoWordPressApp,
  createDemoResponder,
  type DemoWordPress,
  type DemoWordPressOptions,
  type DemoAppOptions,
  type DemoCredentials,
  type DemoRequest,
  type DemoResponse,
} from "./server";
export {
  DemoCatalogue,
  type CatalogueOptions,
  type NewPost,
  type NewTerm,
  type PostPatch,
  type TermPatch,
} from "./catalogue";
export {
  POST_TYPE_BY_BASE,
  type PostRecord,
  type TermRecord,
  type MenuRecord,
  type MenuItemRecord,
  type PostRestBase,
} from "./model";
// What the WordPress seed export (docker/wordpress/export-demo.ts) renders and measures.
export { MediaRenderer, DEFAULT_MEDIA_CACHE_DIR } from "./images";
export { estimatedFilesize, imageSizes } from "./sizes";
export { FULL_SIZE, aspectOf } from "./artwork/recipes";
export { focalPointOf } from "./artwork/scenes";
