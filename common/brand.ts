// The site's name and colours, written once: the document's <meta> tags (app/root.tsx) and the
// web manifest, icons and offline pages (vite.config.ts) read them here. The release is
// common/release.ts's.

export const BRAND = {
  name: "FC – Contemporary porcelain objects",
  shortName: "FC",
  description:
    "Ceramic home accessories for interiors with an exclusive, elegant personality: porcelain vases, wall art, centerpieces and bowls.",
  /** The brass accent: theme colour, the icon's rule. */
  theme: "#A8874A",
  /** The porcelain white of the page. */
  background: "#FBFAF7",
  ink: "#1C1B19",
} as const;
