// Parametric porcelain: each kind of object FC makes, drawn from a few numbers the product's seed
// chooses (a vase's foot, belly, shoulder and neck; a plate's well; a relief's elements), shaded
// as a glazed surface in soft light from one side. No filters: gradients only, so that a full-size
// rasterisation stays fast.
import { type Canvas, n, polygon, polyline } from "./canvas";
import { glazeTones, mix, type GlazeTones } from "./color";
import type { FormRecipe, Motif } from "./recipes";
import { Random } from "../random";

/** Where the light comes from: -1 left, 1 right. Shadows fall the other way. */
export type LightSide = -1 | 1;

type Point = readonly [number, number];

/** A surface of revolution: radius (in units of the height) along the height, foot to rim. */
export interface VesselShape {
  profile: Point[];
  /** Ellipse ratio of cross-sections: how far from above we look at it. */
  tilt: number;
  /** Horizontal stretch, for oval vessels (long centerpieces). */
  stretch: number;
  /** Whether the inside is visible (bowls) or the mouth is a dark opening (vases). */
  open: boolean;
  lugs: boolean;
  /** Vertical ribs, horizontal bands or a dipped two-tone foot. */
  decoration: "none" | "flutes" | "bands" | "dipped" | "speckle";
}

// ——— Shapes ————————————————————————————————————————————————————————————————

/** The radii every vessel's seed draws first, in units of the height: foot, belly, neck and lip. */
interface Radii {
  rf: number;
  rb: number;
  rn: number;
  rl: number;
}

/** A kind's profile, and whatever it changes of the defaults (upright, round, closed, no lugs). */
type Profiled = Partial<Omit<VesselShape, "decoration">> & { profile: Point[] };

type Silhouette = NonNullable<FormRecipe["silhouette"]>;

/** A vase's silhouettes: the seed picks one, unless the recipe forces it. */
const VASE_PROFILES: Record<Silhouette, (rnd: Random, r: Radii) => Point[]> = {
  ovoid: (rnd, { rf, rb, rn, rl }) => [
    [rf, 0],
    [rb * 0.86, 0.12],
    [rb, rnd.range(0.36, 0.5)],
    [rb * 0.78, 0.72],
    [rn, 0.9],
    [rl, 1],
  ],
  shouldered: (rnd, { rf, rb, rn, rl }) => [
    [rf, 0],
    [rb * 0.72, 0.1],
    [rb * 0.95, 0.44],
    [rb, rnd.range(0.58, 0.66)],
    [rn * 1.25, 0.84],
    [rn, 0.92],
    [rl, 1],
  ],
  cylinder: (_, { rb }) => [
    [rb * 0.72, 0],
    [rb * 0.75, 0.04],
    [rb * 0.78, 0.5],
    [rb * 0.74, 0.94],
    [rb * 0.76, 1],
  ],
  gourd: (_, { rf, rb, rn, rl }) => [
    [rf, 0],
    [rb, 0.24],
    [rn * 1.5, 0.52],
    [rb * 0.72, 0.7],
    [rn, 0.9],
    [rl, 1],
  ],
  flared: (_, { rf, rn, rl }) => [
    [rf, 0],
    [rf * 0.92, 0.18],
    [rn * 1.1, 0.56],
    [Math.min(0.3, rl * 2.6), 1],
  ],
};

function bottleProfile(rnd: Random, { rf }: Radii): Profiled {
  const body = rnd.range(0.15, 0.21);
  const neck = rnd.range(0.035, 0.05);
  const shoulder = rnd.range(0.42, 0.56);
  return {
    profile: [
      [rf * 0.9, 0],
      [body * 0.92, 0.06],
      [body, shoulder * 0.55],
      [body * 0.97, shoulder],
      [neck * 1.6, shoulder + 0.13],
      [neck, shoulder + 0.24],
      [neck, 0.93],
      [neck * 1.35, 1],
    ],
  };
}

function amphoraProfile(rnd: Random, { rf, rn }: Radii): Profiled {
  const belly = rnd.range(0.26, 0.33);
  const profile: Point[] = [
    [rf * 1.05, 0],
    [belly * 0.7, 0.1],
    [belly, rnd.range(0.42, 0.55)],
    [belly * 0.82, 0.72],
    [rn * 1.3, 0.86],
    [rn * 1.2, 0.94],
    [rn * 1.55, 1],
  ];
  return { profile, lugs: true };
}

/** Three bowls: a rounded one, a conical one, a straight-sided one. */
function bowlProfile(rnd: Random): Profiled {
  const rim = rnd.range(1.05, 1.5);
  const foot = rnd.range(0.32, 0.48);
  const styles: Point[][] = [
    [
      [foot, 0],
      [foot * 1.15, 0.05],
      [rim * 0.78, 0.42],
      [rim * 0.96, 0.82],
      [rim, 1],
    ],
    [
      [foot, 0],
      [foot * 1.05, 0.06],
      [rim * 0.6, 0.3],
      [rim, 1],
    ],
    [
      [rim * 0.75, 0],
      [rim * 0.8, 0.05],
      [rim * 0.95, 0.55],
      [rim, 1],
    ],
  ];
  const profile = styles[rnd.int(0, 2)]!;
  return { profile, tilt: rnd.range(0.28, 0.36), open: true };
}

function centerpieceProfile(rnd: Random): Profiled {
  const rim = rnd.range(0.95, 1.15);
  const profile: Point[] = [
    [rim * 0.42, 0],
    [rim * 0.5, 0.08],
    [rim * 0.86, 0.55],
    [rim, 1],
  ];
  const stretch = rnd.range(2.1, 2.7);
  return { profile, stretch, tilt: rnd.range(0.22, 0.28), open: true };
}

function standProfile(rnd: Random): Profiled {
  const rim = rnd.range(0.85, 1.05);
  const foot = rnd.range(0.38, 0.5);
  const stem = rnd.range(0.06, 0.1);
  const waist = rnd.range(0.38, 0.55);
  const profile: Point[] = [
    [foot, 0],
    [foot * 0.96, 0.03],
    [stem * 1.6, 0.1],
    [stem, 0.2],
    [stem, waist],
    [stem * 1.6, waist + 0.06],
    [rim * 0.88, 0.9],
    [rim, 1],
  ];
  return { profile, tilt: rnd.range(0.22, 0.28), open: true };
}

/** The lamp's porcelain body; the shade is drawn separately. */
function lampProfile(rnd: Random): Profiled {
  const body = rnd.range(0.3, 0.42);
  return {
    profile: [
      [body * 0.6, 0],
      [body * 0.95, 0.2],
      [body, 0.45],
      [body * 0.7, 0.82],
      [0.12, 0.94],
      [0.1, 1],
    ],
  };
}

function vaseProfile(rnd: Random, radii: Radii, form: FormRecipe): Profiled {
  const picked = rnd.pick(["ovoid", "shouldered", "cylinder", "gourd", "flared"] as const);
  return { profile: VASE_PROFILES[form.silhouette ?? picked](rnd, radii) };
}

/** The kinds drawn as vessels that are not vases. */
const PROFILES: Partial<Record<FormRecipe["kind"], (rnd: Random, radii: Radii) => Profiled>> = {
  bottle: bottleProfile,
  amphora: amphoraProfile,
  bowl: bowlProfile,
  centerpiece: centerpieceProfile,
  stand: standProfile,
  lamp: lampProfile,
};

/** Ribs for reeds, shells and lines; bands for bands and arches; a speckled matte; else the seed's choice. */
function decorationOf(form: FormRecipe, rnd: Random): VesselShape["decoration"] {
  if (form.motif === "reeds" || form.motif === "shells" || form.motif === "lines") return "flutes";
  if (form.motif === "bands" || form.motif === "arches") return "bands";
  if (form.finish === "matte" && form.glaze.toUpperCase() !== "#24272C") return "speckle";
  return rnd.pick(["none", "none", "flutes", "bands", "dipped"] as const);
}

export function vesselShape(form: FormRecipe): VesselShape {
  const rnd = new Random(form.seed ^ 0x5eed);
  const rf = rnd.range(0.1, 0.16);
  const rb = rnd.range(0.2, 0.3);
  const rn = rnd.range(0.05, 0.09);
  const rl = rn + rnd.range(0.005, 0.035);
  const radii = { rf, rb, rn, rl };
  const kind = PROFILES[form.kind];
  const {
    profile,
    tilt = 0.13,
    stretch = 1,
    open = false,
    lugs = false,
  } = kind ? kind(rnd, radii) : vaseProfile(rnd, radii, form);
  return { profile, tilt, stretch, open, lugs, decoration: decorationOf(form, rnd) };
}

/** Width divided by height, to fit a vessel into a slot. */
export function vesselAspect(shape: VesselShape): number {
  return 2 * Math.max(...shape.profile.map(([r]) => r)) * shape.stretch;
}

/** Catmull–Rom through the profile's points: a smooth outline from a few numbers. */
function sampleProfile(points: Point[], perSegment = 10): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)] as Point;
    const p1 = points[i] as Point;
    const p2 = points[i + 1] as Point;
    const p3 = points[Math.min(points.length - 1, i + 2)] as Point;
    for (let s = 0; s < perSegment; s++) {
      const t = s / perSegment;
      const t2 = t * t;
      const t3 = t2 * t;
      const at = (a: number, b: number, c: number, d: number) =>
        0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push([Math.max(0.004, at(p0[0], p1[0], p2[0], p3[0])), at(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  out.push(points[points.length - 1] as Point);
  return out;
}

// ——— Vessels ———————————————————————————————————————————————————————————————

export interface Placed {
  /** Bounding box in canvas units. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A vessel being drawn: where it stands, its outline's samples, and its glaze. */
interface VesselDrawing {
  canvas: Canvas;
  form: FormRecipe;
  shape: VesselShape;
  cx: number;
  baseY: number;
  height: number;
  light: LightSide;
  /** Whether the light comes from the left. */
  lit: boolean;
  tones: GlazeTones;
  /** The profile's cross-sections, foot to rim: half-widths, half-depths and heights on the canvas. */
  pts: { rx: number; ry: number; y: number }[];
  top: { rx: number; ry: number; y: number };
  foot: { rx: number; ry: number; y: number };
}

/** The silhouette: up the right side, across the rim's near half, down the left, round the foot. */
function vesselOutline({ cx, pts, top, foot }: VesselDrawing): string {
  return (
    `M${n(cx + foot.rx)} ${n(foot.y)}` +
    pts.map((p) => `L${n(cx + p.rx)} ${n(p.y)}`).join("") +
    `A${n(top.rx)} ${n(top.ry)} 0 0 0 ${n(cx - top.rx)} ${n(top.y)}` +
    [...pts]
      .reverse()
      .map((p) => `L${n(cx - p.rx)} ${n(p.y)}`)
      .join("") +
    `A${n(foot.rx)} ${n(foot.ry)} 0 0 0 ${n(cx + foot.rx)} ${n(foot.y)}Z`
  );
}

/** Body: lit side, highlight, body colour, turning edge, core shadow. */
function drawVesselBody({ canvas, tones, lit }: VesselDrawing, outline: string): void {
  const across = canvas.linear(
    lit
      ? [
          [0, tones.shade],
          [0.16, tones.light],
          [0.32, tones.highlight],
          [0.5, tones.base],
          [0.8, tones.shade],
          [1, tones.deep],
        ]
      : [
          [0, tones.deep],
          [0.2, tones.shade],
          [0.5, tones.base],
          [0.68, tones.highlight],
          [0.84, tones.light],
          [1, tones.shade],
        ],
    0,
    0,
    1,
    0,
  );
  canvas.add(`<path d="${outline}" fill="${across}"/>`);
}

/** A foot dipped in bare bisque, its glaze line wavering. */
function drawDipped({ canvas, form, cx, baseY, height, lit }: VesselDrawing, clip: string): void {
  const bisque = glazeTones("#EDE6D8", "matte");
  const wave = new Random(form.seed ^ 0xd1);
  const level = baseY - height * wave.range(0.16, 0.3);
  const edge: Point[] = [];
  for (let i = 0; i <= 16; i++) {
    const x = cx - height + (2 * height * i) / 16;
    edge.push([x, level + Math.sin(i * 1.3 + wave.next()) * height * 0.012]);
  }
  const lower = [...edge, [cx + height, baseY + height], [cx - height, baseY + height]] as Point[];
  const bisqueFill = canvas.linear(
    lit
      ? [
          [0, bisque.shade],
          [0.3, bisque.light],
          [0.6, bisque.base],
          [1, bisque.deep],
        ]
      : [
          [0, bisque.deep],
          [0.4, bisque.base],
          [0.7, bisque.light],
          [1, bisque.shade],
        ],
    cx - height * 0.6,
    0,
    cx + height * 0.6,
    0,
    true,
  );
  canvas.add(`<path d="${polygon(lower)}" fill="${bisqueFill}" clip-path="${clip}"/>`);
}

function drawSpeckle({ canvas, form, cx, height, tones, pts }: VesselDrawing, clip: string): void {
  const dots = new Random(form.seed ^ 0x5bec);
  const speck = mix(tones.base, "#3B2A1A", 0.45);
  let marks = "";
  for (let i = 0; i < 90; i++) {
    const sample = pts[dots.int(2, pts.length - 3)]!;
    const x = cx + sample.rx * dots.range(-0.95, 0.95);
    marks += `<circle cx="${n(x)}" cy="${n(sample.y + dots.range(-3, 3))}" r="${n(height * dots.range(0.0015, 0.004))}"/>`;
  }
  canvas.add(`<g fill="${speck}" opacity=".45" clip-path="${clip}">${marks}</g>`);
}

function drawFlutes({ canvas, shape, cx, height, light, tones, pts }: VesselDrawing, clip: string): void {
  const count = shape.open ? 13 : 11;
  let lines = "";
  for (let k = 1; k <= count; k++) {
    const s = Math.sin(-Math.PI / 2 + (Math.PI * k) / (count + 1));
    const line = pts.slice(1, -1).map((p) => [cx + p.rx * s, p.y + p.ry * Math.sqrt(1 - s * s)] as Point);
    const weight = (1 - Math.abs(s) ** 3) * 0.5;
    lines += `<path d="${polyline(line)}" stroke="${tones.deep}" stroke-opacity="${n(weight * 0.9)}" stroke-width="${n(height * 0.005)}" fill="none"/>`;
    const glint = line.map(([x, y]) => [x - light * height * 0.006, y] as Point);
    lines += `<path d="${polyline(glint)}" stroke="${tones.highlight}" stroke-opacity="${n(weight * 0.6)}" stroke-width="${n(height * 0.003)}" fill="none"/>`;
  }
  canvas.add(`<g clip-path="${clip}">${lines}</g>`);
}

function drawBands({ canvas, form, cx, height, tones, pts }: VesselDrawing, clip: string): void {
  const bandColour = form.accent ?? tones.deep;
  let bands = "";
  for (const at of [0.22, 0.27, 0.78]) {
    const p = pts[Math.round(at * (pts.length - 1))]!;
    bands += `<path d="M${n(cx - p.rx)} ${n(p.y)}A${n(p.rx)} ${n(p.ry)} 0 0 0 ${n(cx + p.rx)} ${n(p.y)}" stroke="${bandColour}" stroke-opacity="${form.accent ? 0.9 : 0.45}" stroke-width="${n(height * 0.006)}" fill="none"/>`;
  }
  canvas.add(`<g clip-path="${clip}">${bands}</g>`);
}

const DECORATIONS: Record<Exclude<VesselShape["decoration"], "none">, (v: VesselDrawing, clip: string) => void> = {
  dipped: drawDipped,
  speckle: drawSpeckle,
  flutes: drawFlutes,
  bands: drawBands,
};

/** Light from above and the darker pooling of glaze at the foot. */
function drawVesselShading({ canvas }: VesselDrawing, outline: string): void {
  const down = canvas.linear(
    [
      [0, "#FFFFFF", 0.16],
      [0.35, "#FFFFFF", 0],
      [0.75, "#000000", 0],
      [1, "#000000", 0.2],
    ],
    0,
    0,
    0,
    1,
  );
  canvas.add(`<path d="${outline}" fill="${down}"/>`);
}

/** The specular streak follows the profile on the lit side; a faint bounce light on the other. */
function drawVesselSheen({ canvas, form, cx, light, tones, pts }: VesselDrawing): void {
  const streak = (from: number, to: number) => {
    const inner = pts.slice(2, -2);
    const left = inner.map((p) => [cx + p.rx * from * -light, p.y] as Point);
    const right = inner.map((p) => [cx + p.rx * to * -light, p.y] as Point).reverse();
    return polygon([...left, ...right]);
  };
  const sheen = canvas.linear(
    [
      [0, "#FFFFFF", 0],
      [0.3, "#FFFFFF", tones.sheen],
      [0.75, "#FFFFFF", tones.sheen * 0.7],
      [1, "#FFFFFF", 0],
    ],
    0,
    0,
    0,
    1,
  );
  canvas.add(`<path d="${streak(0.62, 0.42)}" fill="${sheen}"/>`);
  if (form.finish === "lustre") {
    canvas.add(`<path d="${streak(-0.2, -0.08)}" fill="${sheen}" opacity=".6"/>`);
  }
  const bounce = canvas.linear(
    [
      [0, "#FFFFFF", 0],
      [0.5, "#FFFFFF", 0.12],
      [1, "#FFFFFF", 0],
    ],
    0,
    0,
    0,
    1,
  );
  canvas.add(`<path d="${streak(-0.8, -0.93)}" fill="${bounce}"/>`);
}

function drawLugs({ canvas, cx, height, light, tones, pts }: VesselDrawing): void {
  const shoulder = pts[Math.round(0.8 * (pts.length - 1))]!;
  for (const side of [-1, 1]) {
    const x = cx + side * shoulder.rx;
    const r = height * 0.045;
    canvas.add(
      `<path d="M${n(x)} ${n(shoulder.y - r)}q${n(side * r * 1.6)} ${n(r * 0.2)} ${n(side * r * 0.9)} ${n(r * 1.9)}" stroke="${side === light ? tones.light : tones.shade}" stroke-width="${n(height * 0.016)}" stroke-linecap="round" fill="none"/>`,
    );
  }
}

/**
 * The inside of an open form. Inside a bowl the wall on the light's side faces away from it, so
 * the shading runs opposite to the outside. A crescent of shadow under the rim on the light's side
 * is what makes the inside read as hollow: fill the opening with shade, then lay a lit ellipse
 * shifted away from the light.
 */
function drawInside({ canvas, cx, light, lit, tones, top }: VesselDrawing): void {
  const opening = `M${n(cx - top.rx)} ${n(top.y)}A${n(top.rx)} ${n(top.ry)} 0 1 0 ${n(cx + top.rx)} ${n(top.y)}A${n(top.rx)} ${n(top.ry)} 0 1 0 ${n(cx - top.rx)} ${n(top.y)}Z`;
  canvas.add(`<path d="${opening}" fill="${tones.shade}"/>`);
  const inner = canvas.clip(opening);
  const litInside = canvas.linear(
    lit
      ? [
          [0, tones.base],
          [0.6, tones.light],
          [1, tones.highlight],
        ]
      : [
          [0, tones.highlight],
          [0.4, tones.light],
          [1, tones.base],
        ],
    0,
    0,
    1,
    0,
  );
  canvas.add(
    `<ellipse cx="${n(cx - light * top.rx * 0.16)}" cy="${n(top.y + top.ry * 0.22)}" rx="${n(top.rx * 0.98)}" ry="${n(top.ry * 0.98)}" fill="${litInside}" clip-path="${inner}"/>`,
  );
  const floor = canvas.radial(
    [
      [0, tones.deep, 0.22],
      [1, tones.deep, 0],
    ],
    cx - light * top.rx * 0.1,
    top.y + top.ry * 0.3,
    top.rx * 0.5,
    0.5,
  );
  canvas.add(
    `<ellipse cx="${n(cx)}" cy="${n(top.y + top.ry * 0.3)}" rx="${n(top.rx * 0.6)}" ry="${n(top.ry * 0.5)}" fill="${floor}"/>`,
  );
}

/** The mouth: the inside of an open form, or a dark opening; then the lit lip. */
function drawMouth(v: VesselDrawing): void {
  const { canvas, form, cx, height, tones, top } = v;
  if (v.shape.open) drawInside(v);
  else {
    const mouth = canvas.linear(
      [
        [0, tones.deep],
        [0.6, mix(tones.deep, "#000000", 0.3)],
        [1, tones.shade],
      ],
      0,
      0,
      0,
      1,
    );
    canvas.add(`<ellipse cx="${n(cx)}" cy="${n(top.y)}" rx="${n(top.rx)}" ry="${n(top.ry)}" fill="${mouth}"/>`);
  }
  const lip = form.accent ?? tones.highlight;
  canvas.add(
    `<ellipse cx="${n(cx)}" cy="${n(top.y)}" rx="${n(top.rx)}" ry="${n(top.ry)}" fill="none" stroke="${lip}" stroke-width="${n(Math.max(1, height * (form.accent ? 0.009 : 0.005)))}" stroke-opacity="${form.accent ? 1 : 0.8}"/>`,
  );
}

/** Draws a standing vessel whose foot sits at (cx, baseY); `height` in canvas units. */
export function drawVessel(
  canvas: Canvas,
  form: FormRecipe,
  shape: VesselShape,
  cx: number,
  baseY: number,
  height: number,
  light: LightSide,
): Placed {
  const samples = sampleProfile(shape.profile);
  const pts = samples.map(([r, y]) => ({
    rx: r * height * shape.stretch,
    ry: r * height * shape.tilt,
    y: baseY - y * height,
  }));
  const top = pts[pts.length - 1]!;
  const foot = pts[0]!;
  const tones = glazeTones(form.glaze, form.finish);
  const v: VesselDrawing = { canvas, form, shape, cx, baseY, height, light, lit: light === -1, tones, pts, top, foot };
  const outline = vesselOutline(v);
  drawVesselBody(v, outline);
  const clip = canvas.clip(outline);
  if (shape.decoration !== "none") DECORATIONS[shape.decoration](v, clip);
  drawVesselShading(v, outline);
  drawVesselSheen(v);
  if (shape.lugs) drawLugs(v);
  drawMouth(v);
  const maxRx = Math.max(...pts.map((p) => p.rx));
  return { x: cx - maxRx, y: top.y - top.ry, width: maxRx * 2, height: baseY + foot.ry - (top.y - top.ry) };
}

/** The soft shadow an object casts on the surface it stands on. */
export function drawGroundShadow(
  canvas: Canvas,
  cx: number,
  baseY: number,
  width: number,
  light: LightSide,
  strength = 1,
): void {
  const far = canvas.radial(
    [
      [0, "#2E271F", 0.2 * strength],
      [0.6, "#2E271F", 0.08 * strength],
      [1, "#2E271F", 0],
    ],
    cx - light * width * 0.45,
    baseY,
    width * 0.95,
    0.16,
  );
  canvas.add(
    `<ellipse cx="${n(cx - light * width * 0.45)}" cy="${n(baseY)}" rx="${n(width * 0.95)}" ry="${n(width * 0.16)}" fill="${far}"/>`,
  );
  const contact = canvas.radial(
    [
      [0, "#2E271F", 0.4 * strength],
      [1, "#2E271F", 0],
    ],
    cx,
    baseY,
    width * 0.55,
    0.12,
  );
  canvas.add(
    `<ellipse cx="${n(cx)}" cy="${n(baseY)}" rx="${n(width * 0.55)}" ry="${n(width * 0.07)}" fill="${contact}"/>`,
  );
}

// ——— Lamps ————————————————————————————————————————————————————————————————

const WARM_GLOW = "#FFE7B8";
/** How far from above a lamp's shade is seen: the ellipse ratio of its rims. */
const LAMP_SHADE_TILT = 0.12;

/** A table lamp: porcelain body, brass stem, glowing shade. `height` is the whole lamp. */
export function drawLamp(
  canvas: Canvas,
  form: FormRecipe,
  cx: number,
  baseY: number,
  height: number,
  light: LightSide,
): Placed {
  const rnd = new Random(form.seed ^ 0x1a3b);
  const shape = vesselShape(form);
  const bodyHeight = height * rnd.range(0.48, 0.58);
  const shadeHeight = height * rnd.range(0.3, 0.36);
  const shadeBottom = rnd.range(0.34, 0.46) * height;
  const shadeTop = shadeBottom * rnd.range(0.55, 0.8);
  const shadeBase = baseY - height + shadeHeight;

  // Light pool on the table, under everything.
  const pool = canvas.radial(
    [
      [0, WARM_GLOW, 0.45],
      [1, WARM_GLOW, 0],
    ],
    cx,
    baseY,
    shadeBottom * 1.8,
    0.2,
  );
  canvas.add(
    `<ellipse cx="${n(cx)}" cy="${n(baseY)}" rx="${n(shadeBottom * 1.8)}" ry="${n(shadeBottom * 0.36)}" fill="${pool}"/>`,
  );
  const body = drawVessel(canvas, form, shape, cx, baseY, bodyHeight, light);
  canvas.add(
    `<rect x="${n(cx - height * 0.008)}" y="${n(shadeBase - shadeHeight * 0.2)}" width="${n(height * 0.016)}" height="${n(baseY - bodyHeight - shadeBase + shadeHeight * 0.2)}" fill="#A8874A"/>`,
  );

  const topY = drawLampShade(canvas, form, cx, { shadeBase, shadeHeight, shadeBottom, shadeTop }, height);
  return {
    x: cx - shadeBottom,
    y: topY - shadeTop * LAMP_SHADE_TILT,
    width: Math.max(shadeBottom * 2, body.width),
    height: baseY - topY,
  };
}

/** The lamp's glowing shade: a truncated cone seen slightly from above; returns the top's height. */
function drawLampShade(
  canvas: Canvas,
  form: FormRecipe,
  cx: number,
  {
    shadeBase,
    shadeHeight,
    shadeBottom,
    shadeTop,
  }: Record<"shadeBase" | "shadeHeight" | "shadeBottom" | "shadeTop", number>,
  height: number,
): number {
  const tilt = LAMP_SHADE_TILT;
  const glow = canvas.radial(
    [
      [0, WARM_GLOW, 0.55],
      [0.5, WARM_GLOW, 0.18],
      [1, WARM_GLOW, 0],
    ],
    cx,
    shadeBase - shadeHeight / 2,
    shadeBottom * 2.1,
  );
  canvas.add(
    `<circle cx="${n(cx)}" cy="${n(shadeBase - shadeHeight / 2)}" r="${n(shadeBottom * 2.1)}" fill="${glow}"/>`,
  );
  const tint = mix("#FFF4DE", form.glaze, 0.22);
  const shadeFill = canvas.linear(
    [
      [0, mix(tint, "#C9A878", 0.45)],
      [0.3, "#FFF8EA"],
      [0.55, tint],
      [1, mix(tint, "#B89462", 0.5)],
    ],
    0,
    0,
    1,
    0,
  );
  const topY = shadeBase - shadeHeight;
  const outline =
    `M${n(cx + shadeBottom)} ${n(shadeBase)}L${n(cx + shadeTop)} ${n(topY)}` +
    `A${n(shadeTop)} ${n(shadeTop * tilt)} 0 0 0 ${n(cx - shadeTop)} ${n(topY)}` +
    `L${n(cx - shadeBottom)} ${n(shadeBase)}` +
    `A${n(shadeBottom)} ${n(shadeBottom * tilt)} 0 0 0 ${n(cx + shadeBottom)} ${n(shadeBase)}Z`;
  canvas.add(`<path d="${outline}" fill="${shadeFill}"/>`);
  canvas.add(
    `<ellipse cx="${n(cx)}" cy="${n(topY)}" rx="${n(shadeTop)}" ry="${n(shadeTop * tilt)}" fill="${mix(tint, "#8C6D45", 0.35)}"/>`,
  );
  if (form.accent) {
    canvas.add(
      `<path d="M${n(cx - shadeBottom)} ${n(shadeBase)}A${n(shadeBottom)} ${n(shadeBottom * tilt)} 0 0 0 ${n(cx + shadeBottom)} ${n(shadeBase)}" stroke="${form.accent}" stroke-width="${n(height * 0.008)}" fill="none"/>`,
    );
  }
  return topY;
}

/** The cone of light a pendant throws down, and its cord up to the ceiling. */
function drawPendantLight(
  canvas: Canvas,
  cx: number,
  {
    cordTop,
    top,
    shadeBottomY,
    radius,
    width,
  }: Record<"cordTop" | "top" | "shadeBottomY" | "radius" | "width", number>,
): void {
  const cone = canvas.linear(
    [
      [0, WARM_GLOW, 0.34],
      [1, WARM_GLOW, 0],
    ],
    0,
    0,
    0,
    1,
  );
  canvas.add(
    `<path d="${polygon([
      [cx - radius * 0.92, shadeBottomY],
      [cx + radius * 0.92, shadeBottomY],
      [cx + radius * 2.4, shadeBottomY + width * 2.6],
      [cx - radius * 2.4, shadeBottomY + width * 2.6],
    ])}" fill="${cone}"/>`,
  );
  canvas.add(
    `<line x1="${n(cx)}" y1="${n(cordTop)}" x2="${n(cx)}" y2="${n(top)}" stroke="#3A332B" stroke-width="${n(Math.max(1.2, width * 0.012))}"/>`,
  );
}

/** A pendant hanging from a cord; `cordTop` is the ceiling, `width` the shade's diameter. */
export function drawPendant(
  canvas: Canvas,
  form: FormRecipe,
  cx: number,
  cordTop: number,
  shadeBottomY: number,
  width: number,
): Placed {
  const rnd = new Random(form.seed ^ 0x9e4d);
  const tones = glazeTones(form.glaze, form.finish);
  const radius = width / 2;
  const shadeHeight = width * rnd.range(0.5, 0.78);
  const top = shadeBottomY - shadeHeight;
  const tilt = 0.16;
  const shoulder = rnd.range(0.55, 0.85);
  const neck = radius * rnd.range(0.12, 0.22);

  drawPendantLight(canvas, cx, { cordTop, top, shadeBottomY, radius, width });

  // The bell: narrow at the cord, widest at the rim.
  const rightSide = [
    [cx + neck, top],
    [cx + radius * shoulder, top + shadeHeight * 0.3],
    [cx + radius * 0.98, top + shadeHeight * 0.78],
    [cx + radius, shadeBottomY],
  ] as Point[];
  const curve = (pts: Point[]) =>
    `C${n(pts[1]![0])} ${n(pts[1]![1])} ${n(pts[2]![0])} ${n(pts[2]![1])} ${n(pts[3]![0])} ${n(pts[3]![1])}`;
  const mirror = (pts: Point[]) => pts.map(([x, y]) => [2 * cx - x, y] as Point).reverse();
  const left = mirror(rightSide);
  const outline =
    `M${n(cx - neck)} ${n(top)}L${n(cx + neck)} ${n(top)}${curve(rightSide)}` +
    `A${n(radius)} ${n(radius * tilt)} 0 0 1 ${n(cx - radius)} ${n(shadeBottomY)}` +
    `C${n(left[1]![0])} ${n(left[1]![1])} ${n(left[2]![0])} ${n(left[2]![1])} ${n(cx - neck)} ${n(top)}Z`;
  const glowing = mix(form.glaze, "#FFF3D9", 0.45);
  const fill = canvas.linear(
    [
      [0, tones.shade],
      [0.3, glowing],
      [0.55, mix(glowing, "#FFFFFF", 0.3)],
      [1, tones.shade],
    ],
    0,
    0,
    1,
    0,
  );
  canvas.add(`<path d="${outline}" fill="${fill}"/>`);
  const sheen = canvas.linear(
    [
      [0, "#FFFFFF", 0.25],
      [1, "#FFFFFF", 0],
    ],
    0,
    0,
    0,
    1,
  );
  canvas.add(`<path d="${outline}" fill="${sheen}"/>`);
  // Seen from below: the lit inside of the rim.
  canvas.add(
    `<ellipse cx="${n(cx)}" cy="${n(shadeBottomY)}" rx="${n(radius)}" ry="${n(radius * tilt)}" fill="#FFF6E2"/>`,
  );
  canvas.add(
    `<ellipse cx="${n(cx)}" cy="${n(shadeBottomY)}" rx="${n(radius)}" ry="${n(radius * tilt)}" fill="none" stroke="${form.accent ?? tones.light}" stroke-width="${n(width * 0.012)}"/>`,
  );
  return { x: cx - radius, y: top, width, height: shadeBottomY + radius * tilt - top };
}

// ——— Plates ———————————————————————————————————————————————————————————————

/** The shadow a plate casts, away from the light. */
function drawPlateShadow(canvas: Canvas, cx: number, cy: number, radius: number, light: LightSide): void {
  const shadow = canvas.radial(
    [
      [0, "#2E271F", 0.28],
      [0.85, "#2E271F", 0.1],
      [1, "#2E271F", 0],
    ],
    cx - light * radius * 0.07,
    cy + radius * 0.1,
    radius * 1.12,
  );
  canvas.add(
    `<circle cx="${n(cx - light * radius * 0.07)}" cy="${n(cy + radius * 0.1)}" r="${n(radius * 1.12)}" fill="${shadow}"/>`,
  );
}

/** The glaze's gloss on the rim towards the light. */
function drawPlateGloss(
  canvas: Canvas,
  tones: GlazeTones,
  cx: number,
  cy: number,
  radius: number,
  light: LightSide,
): void {
  const gloss = canvas.radial(
    [
      [0, "#FFFFFF", tones.sheen * 0.6],
      [1, "#FFFFFF", 0],
    ],
    cx + light * radius * 0.45,
    cy - radius * 0.5,
    radius * 0.45,
    0.5,
  );
  canvas.add(
    `<ellipse cx="${n(cx + light * radius * 0.45)}" cy="${n(cy - radius * 0.5)}" rx="${n(radius * 0.45)}" ry="${n(radius * 0.22)}" fill="${gloss}"/>`,
  );
}

/** A plate seen from above (on a table) or face on (standing on a shelf): a disc, its well, its rim. */
export function drawPlate(
  canvas: Canvas,
  form: FormRecipe,
  cx: number,
  cy: number,
  radius: number,
  light: LightSide,
): Placed {
  const tones = glazeTones(form.glaze, form.finish);
  const rnd = new Random(form.seed ^ 0x91a7);
  const well = radius * (form.kind === "charger" ? rnd.range(0.56, 0.64) : rnd.range(0.62, 0.74));

  drawPlateShadow(canvas, cx, cy, radius, light);
  const rim = canvas.linear(
    light === -1
      ? [
          [0, tones.highlight],
          [0.35, tones.light],
          [0.7, tones.base],
          [1, tones.shade],
        ]
      : [
          [0, tones.light],
          [0.3, tones.highlight],
          [0.65, tones.base],
          [1, tones.shade],
        ],
    light === -1 ? 0 : 1,
    0,
    light === -1 ? 1 : 0,
    1,
  );
  canvas.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${rim}"/>`);
  canvas.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.985)}" fill="none" stroke="${tones.highlight}" stroke-opacity=".7" stroke-width="${n(radius * 0.012)}"/>`,
  );
  // The well is lower than the rim: its wall is shaded on the lit side, lit on the far side.
  const wellFill = canvas.linear(
    light === -1
      ? [
          [0, tones.shade],
          [0.25, tones.base],
          [1, tones.light],
        ]
      : [
          [0, tones.light],
          [0.75, tones.base],
          [1, tones.shade],
        ],
    0,
    0,
    1,
    1,
  );
  canvas.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(well)}" fill="${wellFill}"/>`);
  const floor = canvas.radial(
    [
      [0, tones.light, 0.55],
      [1, tones.light, 0],
    ],
    cx + light * well * 0.25,
    cy - well * 0.25,
    well * 0.9,
  );
  canvas.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(well * 0.92)}" fill="${floor}"/>`);

  drawPlateMotif(canvas, form, tones, cx, cy, radius, well, rnd);
  drawPlateGloss(canvas, tones, cx, cy, radius, light);
  return { x: cx - radius, y: cy - radius, width: radius * 2, height: radius * 2 };
}

function drawPlateMotif(
  canvas: Canvas,
  form: FormRecipe,
  tones: GlazeTones,
  cx: number,
  cy: number,
  radius: number,
  well: number,
  rnd: Random,
): void {
  const ink = form.accent ?? tones.deep;
  const opacity = form.accent ? 0.95 : 0.35;
  const ring = (r: number, width: number) =>
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${ink}" stroke-opacity="${opacity}" stroke-width="${n(width)}"/>`;
  const band = (radius + well) / 2;
  let marks = "";
  switch (form.motif) {
    case "waves": {
      const pts: Point[] = [];
      for (let i = 0; i <= 180; i++) {
        const a = (i / 180) * Math.PI * 2;
        const r = band + Math.sin(a * 14) * (radius - well) * 0.16;
        pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
      }
      marks = `<path d="${polygon(pts)}" fill="none" stroke="${ink}" stroke-opacity="${opacity}" stroke-width="${n(radius * 0.012)}"/>`;
      break;
    }
    case "petals":
    case "leaves": {
      const count = form.motif === "petals" ? 16 : 9;
      for (let i = 0; i < count; i++) {
        const a = (i / count) * Math.PI * 2 + rnd.range(-0.04, 0.04);
        const x1 = cx + Math.cos(a) * well * 0.96;
        const y1 = cy + Math.sin(a) * well * 0.96;
        const x2 = cx + Math.cos(a) * radius * 0.93;
        const y2 = cy + Math.sin(a) * radius * 0.93;
        const bulge = (radius - well) * (form.motif === "petals" ? 0.28 : 0.45);
        const nx = -Math.sin(a) * bulge;
        const ny = Math.cos(a) * bulge;
        const mx = (x1 + x2) / 2;
        const my = (y1 + y2) / 2;
        marks += `<path d="M${n(x1)} ${n(y1)}Q${n(mx + nx)} ${n(my + ny)} ${n(x2)} ${n(y2)}Q${n(mx - nx)} ${n(my - ny)} ${n(x1)} ${n(y1)}Z" fill="${tones.shade}" fill-opacity=".22" stroke="${ink}" stroke-opacity="${opacity * 0.8}" stroke-width="${n(radius * 0.006)}"/>`;
      }
      break;
    }
    case "dots":
    case "drops": {
      const count = 28;
      for (let i = 0; i < count; i++) {
        const a = (i / count) * Math.PI * 2;
        marks += `<circle cx="${n(cx + Math.cos(a) * band)}" cy="${n(cy + Math.sin(a) * band)}" r="${n((radius - well) * 0.08)}" fill="${ink}" fill-opacity="${opacity}"/>`;
      }
      break;
    }
    case "reeds":
    case "lines":
    case "shells": {
      const count = 48;
      for (let i = 0; i < count; i++) {
        const a = (i / count) * Math.PI * 2;
        marks += `<line x1="${n(cx + Math.cos(a) * well * 1.04)}" y1="${n(cy + Math.sin(a) * well * 1.04)}" x2="${n(cx + Math.cos(a) * radius * 0.95)}" y2="${n(cy + Math.sin(a) * radius * 0.95)}" stroke="${ink}" stroke-opacity="${opacity * 0.7}" stroke-width="${n(radius * 0.006)}"/>`;
      }
      break;
    }
    case "brush": {
      marks = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(band)}" fill="none" stroke="${form.accent ?? "#B8944C"}" stroke-width="${n((radius - well) * 0.45)}" stroke-dasharray="${n(radius * 0.9)} ${n(radius * 0.12)}" stroke-opacity=".85"/>`;
      break;
    }
    case "none":
      marks = form.accent ? ring(radius * 0.96, radius * 0.02) : "";
      break;
    default:
      marks =
        ring(band, radius * 0.012) +
        ring(well * 1.03, radius * 0.006) +
        (form.accent ? ring(radius * 0.96, radius * 0.02) : "");
  }
  canvas.add(marks);
}

// ——— Wall pieces ——————————————————————————————————————————————————————————

/** A wall piece being drawn: its box, its seed, and how each element is laid. */
interface WallPieceDrawing {
  rnd: Random;
  /** A panel (large, regular) or a relief (smaller, looser). */
  panel: boolean;
  cx: number;
  cy: number;
  width: number;
  height: number;
  left: number;
  topY: number;
  light: LightSide;
  tones: GlazeTones;
  /** Lays an element with its cast shadow, in the glaze or (useAlt) in the second colour. */
  add: (d: string, useAlt?: boolean) => void;
  /** What is drawn so far, in order; marks on the elements go straight in. */
  elements: string[];
}

/** Arches side by side, each with a recessed panel; a relief's vary in height. */
function drawArches({ rnd, panel, width, height, left, topY, tones, add, elements }: WallPieceDrawing): void {
  const count = panel ? rnd.int(5, 7) : rnd.int(3, 4);
  const gap = width * 0.04;
  const w = (width - gap * (count - 1)) / count;
  for (let i = 0; i < count; i++) {
    const x = left + i * (w + gap);
    const h = height * (panel ? 1 : rnd.range(0.82, 1));
    const y = topY + (height - h);
    add(
      `M${n(x)} ${n(y + h)}L${n(x)} ${n(y + w / 2)}A${n(w / 2)} ${n(w / 2)} 0 0 1 ${n(x + w)} ${n(y + w / 2)}L${n(x + w)} ${n(y + h)}Z`,
      i % 3 === 1,
    );
    const inset = w * 0.22;
    elements.push(
      `<path d="M${n(x + inset)} ${n(y + h - inset)}L${n(x + inset)} ${n(y + w / 2)}A${n(w / 2 - inset)} ${n(w / 2 - inset)} 0 0 1 ${n(x + w - inset)} ${n(y + w / 2)}L${n(x + w - inset)} ${n(y + h - inset)}Z" fill="${tones.shade}" fill-opacity=".35"/>`,
    );
  }
}

/** Petals or leaves radiating from the centre (a panel's in two rings). */
function drawPetals({ rnd, panel, cx, cy, width, height, add }: WallPieceDrawing): void {
  const count = panel ? rnd.int(26, 34) : rnd.int(11, 15);
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 * (panel ? 2 : 1) + rnd.range(-0.1, 0.1);
    const ring = panel ? (i % 2 === 0 ? 0.35 : 0.8) : 1;
    const len = Math.min(width, height) * (panel ? 0.2 : 0.36) * rnd.range(0.85, 1.1);
    const baseR = Math.min(width, height) * (panel ? 0.3 * ring : 0.08);
    const x1 = cx + Math.cos(a) * baseR;
    const y1 = cy + Math.sin(a) * baseR;
    const x2 = x1 + Math.cos(a) * len;
    const y2 = y1 + Math.sin(a) * len;
    const nx = -Math.sin(a) * len * 0.28;
    const ny = Math.cos(a) * len * 0.28;
    add(
      `M${n(x1)} ${n(y1)}Q${n((x1 + x2) / 2 + nx)} ${n((y1 + y2) / 2 + ny)} ${n(x2)} ${n(y2)}Q${n((x1 + x2) / 2 - nx)} ${n((y1 + y2) / 2 - ny)} ${n(x1)} ${n(y1)}Z`,
      i % 4 === 0,
    );
  }
}

/** Rows of wave crests, every other row shifted by half a crest. */
function drawWaves({ panel, width, height, left, topY, add }: WallPieceDrawing): void {
  const rows = panel ? 5 : 4;
  const cols = panel ? 7 : 4;
  const w = width / cols;
  const h = height / rows;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols + (r % 2 ? 0 : -1); c++) {
      const x = left + c * w + (r % 2 ? 0 : w / 2);
      const y = topY + r * h;
      add(
        `M${n(x)} ${n(y + h)}A${n(w / 2)} ${n(h * 0.9)} 0 0 1 ${n(x + w)} ${n(y + h)}A${n(w / 2)} ${n(h * 0.5)} 0 0 0 ${n(x)} ${n(y + h)}Z`,
        (r + c) % 5 === 0,
      );
    }
  }
}

/** Fan shells with their ribs: a panel's on a grid of three by three, a relief's on a diagonal. */
function drawShells({ rnd, panel, width, height, left, topY, tones, add, elements }: WallPieceDrawing): void {
  const count = panel ? 9 : rnd.int(3, 4);
  for (let i = 0; i < count; i++) {
    const size = Math.min(width, height) * (panel ? 0.3 : rnd.range(0.46, 0.6));
    const x = panel ? left + ((i % 3) + 0.5) * (width / 3) : left + width * (0.28 + 0.44 * ((i * 0.618) % 1));
    const y = panel
      ? topY + (Math.floor(i / 3) + 0.55) * (height / 3)
      : topY + height * (0.3 + (0.45 * i) / Math.max(1, count - 1));
    const ribs: string[] = [];
    add(
      `M${n(x - size / 2)} ${n(y)}A${n(size / 2)} ${n(size / 2)} 0 0 1 ${n(x + size / 2)} ${n(y)}L${n(x + size * 0.08)} ${n(y + size * 0.22)}L${n(x - size * 0.08)} ${n(y + size * 0.22)}Z`,
      i % 4 === 2,
    );
    for (let k = 1; k < 9; k++) {
      const a = Math.PI + (Math.PI * k) / 9;
      ribs.push(
        `<line x1="${n(x)}" y1="${n(y + size * 0.16)}" x2="${n(x + Math.cos(a) * size * 0.48)}" y2="${n(y + Math.sin(a) * size * 0.48)}" stroke="${tones.shade}" stroke-opacity=".55" stroke-width="${n(size * 0.014)}"/>`,
      );
    }
    elements.push(...ribs);
  }
}

/** Discs and domes: a loose constellation of rounds, each with a raised centre. */
function drawDiscs({ rnd, panel, width, height, left, topY, light, tones, add, elements }: WallPieceDrawing): void {
  const count = panel ? rnd.int(12, 16) : rnd.int(5, 7);
  for (let i = 0; i < count; i++) {
    const r = Math.min(width, height) * (panel ? rnd.range(0.06, 0.12) : rnd.range(0.1, 0.2));
    const x = left + r + rnd.next() * (width - 2 * r);
    const y = topY + r + rnd.next() * (height - 2 * r);
    add(
      `M${n(x - r)} ${n(y)}A${n(r)} ${n(r)} 0 1 1 ${n(x + r)} ${n(y)}A${n(r)} ${n(r)} 0 1 1 ${n(x - r)} ${n(y)}Z`,
      i % 3 === 0,
    );
    elements.push(
      `<circle cx="${n(x + light * r * 0.12)}" cy="${n(y - r * 0.12)}" r="${n(r * 0.45)}" fill="${tones.highlight}" fill-opacity=".45"/>`,
    );
  }
}

type WallMotif = "arches" | "petals" | "waves" | "shells" | "discs";

/** Leaves are drawn as petals; a motif with no wall piece of its own as discs and domes. */
function wallMotif(motif: Motif): WallMotif {
  if (motif === "leaves") return "petals";
  return motif === "arches" || motif === "petals" || motif === "waves" || motif === "shells" ? motif : "discs";
}

/** Each motif's elements. */
const WALL_MOTIFS: Record<WallMotif, (piece: WallPieceDrawing) => void> = {
  arches: drawArches,
  petals: drawPetals,
  waves: drawWaves,
  shells: drawShells,
  discs: drawDiscs,
};

/** A wall relief or panel: porcelain elements lit from the side, each casting a soft shadow. */
export function drawWallPiece(
  canvas: Canvas,
  form: FormRecipe,
  cx: number,
  cy: number,
  width: number,
  height: number,
  light: LightSide,
): Placed {
  const tones = glazeTones(form.glaze, form.finish);
  const rnd = new Random(form.seed ^ 0x3e1f);
  const elements: string[] = [];
  const motif = form.motif === "none" ? rnd.pick(["shells", "domes", "petals", "waves"] as const) : form.motif;
  const panel = form.kind === "panel";

  const lit = canvas.linear(
    light === -1
      ? [
          [0, tones.highlight],
          [0.45, tones.base],
          [1, tones.shade],
        ]
      : [
          [0, tones.shade],
          [0.55, tones.base],
          [1, tones.highlight],
        ],
    0,
    0,
    1,
    1,
  );
  const alt = form.accent ?? mix(tones.base, "#EDE6D8", 0.55);
  const litAlt = canvas.linear(
    light === -1
      ? [
          [0, "#FFFDF8"],
          [1, mix(alt, "#3B342C", 0.2)],
        ]
      : [
          [0, mix(alt, "#3B342C", 0.2)],
          [1, "#FFFDF8"],
        ],
    0,
    0,
    1,
    1,
  );
  const shadowDx = -light * Math.max(3, width * 0.012);
  const shadowDy = Math.max(4, width * 0.016);

  const add = (d: string, useAlt = false) => {
    elements.push(
      `<path d="${d}" transform="translate(${n(shadowDx)} ${n(shadowDy)})" fill="#2E271F" fill-opacity=".16"/>`,
    );
    elements.push(
      `<path d="${d}" fill="${useAlt ? litAlt : lit}" stroke="${tones.highlight}" stroke-opacity=".5" stroke-width="${n(width * 0.002)}"/>`,
    );
  };

  const left = cx - width / 2;
  const topY = cy - height / 2;
  WALL_MOTIFS[wallMotif(motif)]({ rnd, panel, cx, cy, width, height, left, topY, light, tones, add, elements });
  canvas.add(`<g>${elements.join("")}</g>`);
  return { x: left, y: topY, width, height };
}
