// Glaze colours as light sees them: from one hex (the product colour's `meta.hex`) to the few
// tones a curved porcelain surface shows: highlight, lit side, body, turning edge, core shadow.
export type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  const clean = hex.replace("#", "");
  const full = clean.length === 3 ? clean.replace(/(.)/g, "$1$1") : clean;
  const value = Number.parseInt(full.slice(0, 6), 16);
  if (Number.isNaN(value)) return [242, 239, 232];
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function toHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${part(r)}${part(g)}${part(b)}`.toUpperCase();
}

export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export type Finish = "gloss" | "matte" | "lustre";

export interface GlazeTones {
  base: string;
  highlight: string;
  light: string;
  shade: string;
  deep: string;
  /** Strength of the specular streak. */
  sheen: number;
}

// Shadows on pale porcelain read warmer than black; the showroom light is warm.
const WARM_DARK = "#3B342C";
const WARM_LIGHT = "#FFFDF8";

export function glazeTones(hex: string, finish: Finish): GlazeTones {
  const dark = luminance(hex) < 0.08;
  const sheen = finish === "gloss" ? 0.55 : finish === "lustre" ? 0.75 : 0.22;
  if (dark) {
    return {
      base: hex,
      highlight: mix(hex, WARM_LIGHT, 0.5),
      light: mix(hex, WARM_LIGHT, 0.2),
      shade: mix(hex, "#000000", 0.3),
      deep: mix(hex, "#000000", 0.55),
      sheen: sheen * 0.8,
    };
  }
  return {
    base: hex,
    highlight: mix(hex, WARM_LIGHT, 0.8),
    light: mix(hex, WARM_LIGHT, 0.42),
    shade: mix(hex, WARM_DARK, finish === "lustre" ? 0.38 : 0.26),
    deep: mix(hex, WARM_DARK, finish === "lustre" ? 0.6 : 0.46),
    sheen,
  };
}
