// Every REST route pattern the site asks WordPress for, as endpointOf (wordpress-client.ts) names
// them: the `rest_route` label of wp_origin_requests_total and wp_origin_request_duration_seconds,
// whose series start with this list so the first failure of any of them is seen. A read of a new
// route belongs here too (the monitoring test fails on a pattern the metrics did not start with).
import { PREVIEW_TYPES } from "../../common/content-types";
import { CONTENT_TYPES } from "./cache-keys";

/** The REST bases under wp/v2 (the menu and the front page are wuxt's routes). */
const WP_V2_TYPES = CONTENT_TYPES.filter((type) => type !== "menu" && type !== "front-page");

export const REST_ROUTES: readonly string[] = [
  // The REST index: the languages WordPress serves (content/site-languages.ts).
  "/",
  ...WP_V2_TYPES.map((type) => `wp/v2/${type}`),
  "wp/v2/search",
  "wp/v2/products/:id",
  "wp/v2/pages/:id",
  "wp/v2/media/:id",
  "wuxt/v1/front-page",
  "wuxt/v1/menu",
  ...PREVIEW_TYPES.map((type) => `fc-headless/v1/preview/${type}/:id`),
];
