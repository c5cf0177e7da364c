// Copies the self-hosted fonts (@fontsource from npm) into public/fonts and writes the
// font stylesheet the page adds once it is ready. Latin subsets only: the two
// languages of the site need nothing else.
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const out = path.resolve("public/fonts");
mkdirSync(out, { recursive: true });

const faces = [
  {
    pkg: "@fontsource/cormorant-garamond",
    family: "Cormorant Garamond",
    file: "cormorant-garamond-latin-400-normal.woff2",
    weight: 400,
    style: "normal",
  },
  {
    pkg: "@fontsource/cormorant-garamond",
    family: "Cormorant Garamond",
    file: "cormorant-garamond-latin-400-italic.woff2",
    weight: 400,
    style: "italic",
  },
  {
    pkg: "@fontsource/cormorant-garamond",
    family: "Cormorant Garamond",
    file: "cormorant-garamond-latin-500-normal.woff2",
    weight: 500,
    style: "normal",
  },
  { pkg: "@fontsource/inter", family: "Inter", file: "inter-latin-400-normal.woff2", weight: 400, style: "normal" },
  { pkg: "@fontsource/inter", family: "Inter", file: "inter-latin-500-normal.woff2", weight: 500, style: "normal" },
];

let css = "/* Self-hosted fonts, added after load. */\n";
for (const face of faces) {
  const source = path.join(path.dirname(require.resolve(`${face.pkg}/package.json`)), "files", face.file);
  copyFileSync(source, path.join(out, face.file));
  css += `@font-face{font-family:"${face.family}";font-style:${face.style};font-weight:${face.weight};font-display:swap;src:url(/fonts/${face.file}) format("woff2");unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}\n`;
}
writeFileSync(path.join(out, "fonts.css"), css);
console.log(`fonts: ${faces.length} faces → public/fonts`);
