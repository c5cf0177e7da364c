// The site's name, colours and release, written once: the document's <meta> tags (app/root.tsx),
// the web manifest, icons and offline pages (vite.config.ts) and the server's generator tag and
// client-error release (server/main.ts) all read them here.
import packageJson from "../package.json" with { type: "json" };

/** The release: package.json's version. */
export const APP_VERSION: string = packageJson.version;

export const BRAND = {
  name: "FC – Contemporary porcelain objects",
  shortName: "FC",
  description: "Ceramic home accessories for interiors with an exclusive, elegant personality: porcelain vases, wall art, centerpieces and bowls.",
  /** The brass accent: theme colour, the icon's rule. */
  theme: "#A8874A",
  /** The porcelain white of the page. */
  background: "#FBFAF7",
  ink: "#1C1B19",
} as const;
