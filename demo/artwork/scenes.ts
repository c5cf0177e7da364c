// The photographs of the demo catalogue, composed from the forms in forms.ts: a product on a bone
// ground in three views, rooms whose objects carry the imagemap hotspots, the front page hero,
// groups for categories and collections, designer portraits and the company pages' figures.
import { Canvas, n, polygon } from "./canvas";
import { glazeTones, mix } from "./color";
import {
  drawGroundShadow,
  drawLamp,
  drawPendant,
  drawPlate,
  drawVessel,
  drawWallPiece,
  vesselAspect,
  vesselShape,
  type LightSide,
} from "./forms";
import { VIEWBOX, aspectOf, type Artwork, type FormRecipe, type RoomStyle } from "./recipes";
import type { ToolKind } from "../copy/editions";
import { Random } from "../random";

const BONE = "#F2EFE8";

/** Draws an artwork in its own coordinate system (see VIEWBOX). */
export function drawArtwork(art: Artwork): Canvas {
  const box = VIEWBOX[aspectOf(art)];
  const canvas = new Canvas(box.width, box.height);
  switch (art.scene) {
    case "product":
      drawProductShot(canvas, art.form, art.view, art.alternate);
      break;
    case "room":
      drawRoom(canvas, art.style, art.seed, art.forms);
      break;
    case "hero":
      drawHero(canvas, art.form, art.seed);
      break;
    case "group":
      drawGroup(canvas, art.forms, art.seed);
      break;
    case "portrait":
      drawPortrait(canvas, art.tool, art.tint, art.seed);
      break;
    case "studio":
      drawStudio(canvas, art.seed, art.glazes);
      break;
    case "workshop":
      drawWorkshop(canvas, art.seed);
      break;
    case "tiles":
      drawTestTiles(canvas, art.seed, art.glazes);
      break;
    case "facade":
      drawFacade(canvas, art.seed);
      break;
    case "flatlay":
      drawFlatlay(canvas, art.seed, art.glazes);
      break;
    case "emblem":
      drawEmblem(canvas);
      break;
  }
  return canvas;
}

// ——— Grounds ———————————————————————————————————————————————————————————————

/**
 * A bone wall meeting a pale table or floor at `horizon`, lit from a window on one side. Two
 * large fills only: full-canvas overlays are what make rasterising a 1600×2000 image slow.
 */
function drawBackdrop(canvas: Canvas, horizon: number, light: LightSide, wall = BONE, floor = "#E6E0D4"): void {
  const { width, height } = canvas;
  const windowX = light === -1 ? width * 0.1 : width * 0.9;
  const wallFill = canvas.radial(
    [
      [0, mix(wall, "#FFFFFF", 0.6)],
      [0.45, mix(wall, "#FFFFFF", 0.2)],
      [1, mix(wall, "#CFC7B8", 0.35)],
    ],
    windowX,
    height * 0.12,
    Math.max(width, horizon) * 1.15,
  );
  canvas.add(`<rect width="${width}" height="${n(horizon + 2)}" fill="${wallFill}"/>`);
  const floorFill = canvas.linear(
    [
      [0, mix(floor, "#CFC6B6", 0.3)],
      [0.25, floor],
      [1, mix(floor, "#FFFFFF", 0.25)],
    ],
    0,
    horizon,
    0,
    height,
    true,
  );
  canvas.add(`<rect y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="${floorFill}"/>`);
  const edge = canvas.linear(
    [
      [0, "#000000", 0],
      [0.5, "#000000", 0.05],
      [1, "#000000", 0],
    ],
    0,
    horizon - 6,
    0,
    horizon + 10,
    true,
  );
  canvas.add(`<rect y="${n(horizon - 6)}" width="${width}" height="16" fill="${edge}"/>`);
}

// ——— Placing any form ——————————————————————————————————————————————————————

export type Pose = "standing" | "wall" | "hanging" | "upright" | "top";

export function naturalPose(form: FormRecipe): Pose {
  switch (form.kind) {
    case "relief":
    case "panel":
      return "wall";
    case "pendant":
      return "hanging";
    case "plate":
    case "charger":
      return "upright";
    default:
      return "standing";
  }
}

/** A box to fit a form in: standing forms sit on `baseY`, wall forms centre on it. */
interface Slot {
  cx: number;
  baseY: number;
  maxWidth: number;
  maxHeight: number;
}

/** Where a placed form's body is, in canvas units: the hotspot goes there. */
interface Geometry {
  pose: Pose;
  cx: number;
  baseY: number;
  width: number;
  height: number;
  /** Centre of the visible body. */
  centre: [number, number];
}

/** Fits a form into a slot without drawing it (rooms need this to place hotspots). */
export function fitForm(form: FormRecipe, pose: Pose, slot: Slot): Geometry {
  switch (pose) {
    case "wall":
      return {
        pose,
        cx: slot.cx,
        baseY: slot.baseY,
        width: slot.maxWidth,
        height: slot.maxHeight,
        centre: [slot.cx, slot.baseY],
      };
    case "hanging": {
      const width = slot.maxWidth;
      return {
        pose,
        cx: slot.cx,
        baseY: slot.baseY,
        width,
        height: slot.maxHeight,
        centre: [slot.cx, slot.baseY - width * 0.3],
      };
    }
    case "upright":
    case "top": {
      const radius = Math.min(slot.maxWidth, slot.maxHeight) / 2;
      const cy = pose === "top" ? slot.baseY : slot.baseY - radius;
      return { pose, cx: slot.cx, baseY: slot.baseY, width: radius * 2, height: radius * 2, centre: [slot.cx, cy] };
    }
    case "standing": {
      if (form.kind === "lamp") {
        const height = Math.min(slot.maxHeight, slot.maxWidth * 1.6);
        return {
          pose,
          cx: slot.cx,
          baseY: slot.baseY,
          width: height * 0.6,
          height,
          centre: [slot.cx, slot.baseY - height * 0.42],
        };
      }
      const aspect = vesselAspect(vesselShape(form));
      const height = Math.min(slot.maxHeight, slot.maxWidth / aspect);
      return {
        pose,
        cx: slot.cx,
        baseY: slot.baseY,
        width: height * aspect,
        height,
        centre: [slot.cx, slot.baseY - height * 0.45],
      };
    }
  }
}

function drawPlaced(canvas: Canvas, form: FormRecipe, g: Geometry, light: LightSide, shadow = 1): void {
  switch (g.pose) {
    case "wall":
      drawWallPiece(canvas, form, g.cx, g.baseY, g.width, g.height, light);
      return;
    case "hanging":
      drawPendant(canvas, form, g.cx, 0, g.baseY, g.width);
      return;
    case "top":
      drawPlate(canvas, form, g.cx, g.baseY, g.width / 2, light);
      return;
    case "upright": {
      const radius = g.width / 2;
      drawGroundShadow(canvas, g.cx, g.baseY, radius * 0.9, light, 0.8 * shadow);
      drawPlate(canvas, form, g.cx, g.baseY - radius, radius, light);
      canvas.add(
        `<rect x="${n(g.cx - radius * 0.5)}" y="${n(g.baseY - radius * 0.05)}" width="${n(radius)}" height="${n(radius * 0.05)}" fill="#6E5A44" rx="${n(radius * 0.02)}"/>`,
      );
      return;
    }
    case "standing":
      drawGroundShadow(canvas, g.cx, g.baseY, g.width * (form.kind === "lamp" ? 0.8 : 1), light, shadow);
      if (form.kind === "lamp") drawLamp(canvas, form, g.cx, g.baseY, g.height, light);
      else drawVessel(canvas, form, vesselShape(form), g.cx, g.baseY, g.height, light);
      return;
  }
}

// ——— Product photographs ———————————————————————————————————————————————————

function companionOf(form: FormRecipe): FormRecipe {
  const kind = form.kind === "bowl" || form.kind === "centerpiece" || form.kind === "stand" ? "bottle" : "bowl";
  return { ...form, kind, seed: form.seed ^ 0x77, accent: form.accent, motif: form.motif };
}

function drawProductShot(canvas: Canvas, form: FormRecipe, view: 0 | 1 | 2, alternate: FormRecipe | null): void {
  const rnd = new Random(form.seed ^ (view * 0x2f1));
  const seededSide: LightSide = rnd.chance(0.5) ? -1 : 1;
  const light: LightSide = view === 2 ? (-seededSide as LightSide) : seededSide;
  const pose = naturalPose(form);
  if (pose === "upright") drawPlateShot(canvas, form, view, alternate, light);
  else if (pose === "wall") drawWallShot(canvas, form, view, alternate, light);
  else if (pose === "hanging") drawPendantShot(canvas, form, view, alternate, light);
  else drawStandingShot(canvas, form, view, alternate, light, rnd);
}

/** Plates are photographed from above, on the table: whole (view 0), close (1), or with another (2). */
function drawPlateShot(
  canvas: Canvas,
  form: FormRecipe,
  view: 0 | 1 | 2,
  alternate: FormRecipe | null,
  light: LightSide,
): void {
  const W = canvas.width;
  const table = canvas.radial(
    [
      [0, "#F7F4EE"],
      [0.55, "#EDE8DE"],
      [1, "#DED7CA"],
    ],
    light === -1 ? 120 : 680,
    120,
    1150,
  );
  canvas.add(`<rect width="${W}" height="${canvas.height}" fill="${table}"/>`);
  const radius = form.kind === "charger" ? 330 : 290;
  if (view === 1) {
    canvas.add(
      `<g transform="translate(${n(400 - 2.1 * (400 - radius * 0.55))} ${n(500 - 2.1 * (470 - radius * 0.6))}) scale(2.1)">`,
    );
    drawPlate(canvas, form, 400, 470, radius, light);
    canvas.add("</g>");
  } else if (view === 2) {
    drawPlate(canvas, form, 330, 380, radius * 0.85, light);
    drawPlate(canvas, alternate ?? { ...form, seed: form.seed ^ 0x55 }, 540, 700, radius * 0.62, light);
  } else {
    drawPlate(canvas, form, 400, 500, radius, light);
  }
}

/** A wall piece on the wall: whole (view 0), close (1), or over a shelf with a vase (2). */
function drawWallShot(
  canvas: Canvas,
  form: FormRecipe,
  view: 0 | 1 | 2,
  alternate: FormRecipe | null,
  light: LightSide,
): void {
  drawBackdrop(canvas, view === 2 ? 780 : 960, light);
  if (view === 1) {
    canvas.add(`<g transform="translate(${n(400 - 2 * 400)} ${n(480 - 2 * 420)}) scale(2)">`);
    drawWallPiece(canvas, form, 400, 460, 560, 620, light);
    canvas.add("</g>");
  } else if (view === 2) {
    drawWallPiece(canvas, form, 400, 380, 500, 520, light);
    const shelf = canvas.linear(
      [
        [0, "#8A6A4E"],
        [1, "#5E4633"],
      ],
      0,
      0,
      0,
      1,
    );
    canvas.add(`<rect x="150" y="${n(780 - 18)}" width="500" height="18" fill="${shelf}"/>`);
    const vase = { ...form, kind: "vase" as const, seed: form.seed ^ 0x31, glaze: alternate?.glaze ?? form.glaze };
    drawPlaced(canvas, vase, fitForm(vase, "standing", { cx: 560, baseY: 762, maxWidth: 120, maxHeight: 170 }), light);
  } else {
    drawWallPiece(canvas, form, 400, 480, 560, 640, light);
  }
}

/** A pendant hanging before the wall: whole (view 0), close (1), or beside another (2). */
function drawPendantShot(
  canvas: Canvas,
  form: FormRecipe,
  view: 0 | 1 | 2,
  alternate: FormRecipe | null,
  light: LightSide,
): void {
  drawBackdrop(canvas, 900, light);
  if (view === 2) {
    drawPendant(canvas, form, 280, 0, 520, 300);
    drawPendant(canvas, alternate ?? form, 560, 0, 700, 240);
  } else if (view === 1) {
    canvas.add(`<g transform="translate(${n(400 - 2.2 * 400)} ${n(560 - 2.2 * 600)}) scale(2.2)">`);
    drawPendant(canvas, form, 400, 0, 620, 420);
    canvas.add("</g>");
  } else {
    drawPendant(canvas, form, 400, 0, 600, 420);
  }
}

/** Standing objects on a table in front of the wall: whole (view 0), close (1), or with a companion (2). */
function drawStandingShot(
  canvas: Canvas,
  form: FormRecipe,
  view: 0 | 1 | 2,
  alternate: FormRecipe | null,
  light: LightSide,
  rnd: Random,
): void {
  const horizon = rnd.range(650, 730);
  drawBackdrop(canvas, horizon, light);
  const baseY = horizon + rnd.range(120, 170);
  const tall = form.kind === "lamp" || form.kind === "vase" || form.kind === "bottle" || form.kind === "amphora";
  const slot = { cx: 400, baseY, maxWidth: 600, maxHeight: tall ? baseY - 150 : 520 };
  const main = fitForm(form, "standing", slot);
  if (view === 0) {
    drawPlaced(canvas, form, main, light);
    return;
  }
  if (view === 1) {
    const scale = 2;
    const focusX = form.kind === "lamp" ? 400 : 400 - light * main.width * 0.18;
    const focusY = baseY - main.height * (form.kind === "lamp" ? 0.75 : 0.8);
    canvas.add(`<g transform="translate(${n(400 - scale * focusX)} ${n(430 - scale * focusY)}) scale(${scale})">`);
    drawPlaced(canvas, form, main, light);
    canvas.add("</g>");
    return;
  }
  const other = alternate ?? companionOf(form);
  const first = fitForm(form, "standing", {
    cx: 330,
    baseY: baseY - 10,
    maxWidth: 420,
    maxHeight: slot.maxHeight * 0.88,
  });
  const second = fitForm(other, "standing", {
    cx: 590,
    baseY: baseY + 20,
    maxWidth: alternate ? 330 : 220,
    maxHeight: slot.maxHeight * (alternate ? 0.72 : 0.42),
  });
  drawPlaced(canvas, form, first, light);
  drawPlaced(canvas, other, second, light);
}

// ——— Rooms and imagemaps ———————————————————————————————————————————————————

interface RoomSlot extends Slot {
  /** The first pose is the slot's own; a low surface may also take a plate standing upright. */
  pose: Pose;
  /** Tall slots suit vases and lamps; low ones bowls, centerpieces and plates. */
  tall: boolean;
}

interface RoomPlan {
  furniture: (canvas: Canvas, light: LightSide) => void;
  slots: RoomSlot[];
  horizon: number;
}

const WALNUT = "#6B4A33";
const OAK = "#B39572";

function furnitureBox(
  canvas: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  wood: string,
  light: LightSide,
): void {
  const fill = canvas.linear(
    [
      [0, mix(wood, "#FFFFFF", 0.12)],
      [1, mix(wood, "#000000", 0.25)],
    ],
    0,
    0,
    0,
    1,
  );
  canvas.add(
    `<rect x="${n(x - light * 18)}" y="${n(y + h - 4)}" width="${n(w + 36)}" height="20" fill="#2E271F" fill-opacity=".12" rx="10"/>`,
  );
  canvas.add(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"/>`);
  canvas.add(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="5" fill="${mix(wood, "#FFFFFF", 0.3)}"/>`);
}

function shelf(canvas: Canvas, x: number, y: number, w: number, wood: string): void {
  canvas.add(`<rect x="${n(x + 6)}" y="${n(y + 12)}" width="${n(w)}" height="22" fill="#2E271F" fill-opacity=".08"/>`);
  canvas.add(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="14" fill="${wood}"/>`);
  canvas.add(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="3" fill="${mix(wood, "#FFFFFF", 0.35)}"/>`);
}

/** The living room: A sideboard under a wall piece, a shelf, a lamp and a floor vase. */
function livingRoom(): RoomPlan {
  return {
    horizon: 730,
    furniture: (canvas, light) => {
      furnitureBox(canvas, 360, 560, 880, 150, WALNUT, light);
      for (const x of [380, 1210]) canvas.add(`<rect x="${x}" y="710" width="12" height="24" fill="#3A2A1E"/>`);
      shelf(canvas, 1300, 330, 270, OAK);
    },
    slots: [
      { pose: "wall", cx: 800, baseY: 290, maxWidth: 460, maxHeight: 240, tall: false },
      { pose: "standing", cx: 500, baseY: 560, maxWidth: 200, maxHeight: 330, tall: true },
      { pose: "standing", cx: 800, baseY: 560, maxWidth: 280, maxHeight: 140, tall: false },
      { pose: "standing", cx: 1100, baseY: 560, maxWidth: 200, maxHeight: 320, tall: true },
      { pose: "standing", cx: 1375, baseY: 330, maxWidth: 130, maxHeight: 210, tall: true },
      { pose: "standing", cx: 1505, baseY: 330, maxWidth: 120, maxHeight: 120, tall: false },
      { pose: "hanging", cx: 190, baseY: 250, maxWidth: 180, maxHeight: 130, tall: false },
      { pose: "standing", cx: 190, baseY: 840, maxWidth: 260, maxHeight: 500, tall: true },
    ],
  };
}

/** The dining room: A table before an arched niche, a shelf, a pendant. */
function diningRoom(): RoomPlan {
  return {
    horizon: 740,
    furniture: (canvas, light) => {
      // An arched niche, as under a portico.
      canvas.add(`<path d="M120 740L120 330A180 180 0 0 1 480 330L480 740Z" fill="#E4DDD0"/>`);
      canvas.add(`<path d="M142 740L142 336A158 158 0 0 1 458 336L458 740Z" fill="#DCD4C5"/>`);
      furnitureBox(canvas, 560, 560, 720, 150, OAK, light);
      for (const x of [580, 1250]) canvas.add(`<rect x="${x}" y="710" width="12" height="30" fill="#5B4632"/>`);
      shelf(canvas, 1330, 320, 240, WALNUT);
    },
    slots: [
      { pose: "wall", cx: 920, baseY: 225, maxWidth: 480, maxHeight: 190, tall: false },
      { pose: "standing", cx: 680, baseY: 560, maxWidth: 190, maxHeight: 235, tall: true },
      { pose: "standing", cx: 920, baseY: 560, maxWidth: 260, maxHeight: 150, tall: false },
      { pose: "standing", cx: 1160, baseY: 560, maxWidth: 190, maxHeight: 235, tall: true },
      { pose: "upright", cx: 1410, baseY: 320, maxWidth: 150, maxHeight: 150, tall: false },
      { pose: "standing", cx: 1525, baseY: 320, maxWidth: 90, maxHeight: 180, tall: true },
      { pose: "standing", cx: 300, baseY: 830, maxWidth: 240, maxHeight: 470, tall: true },
      { pose: "hanging", cx: 1450, baseY: 190, maxWidth: 170, maxHeight: 120, tall: false },
    ],
  };
}

/** The gallery room: Three white plinths of different heights. */
function galleryRoom(): RoomPlan {
  return {
    horizon: 740,
    furniture: (canvas, light) => {
      for (const [x, top] of [
        [300, 560],
        [700, 620],
        [1100, 520],
      ] as const) {
        furnitureBox(canvas, x, top, 220, 740 - top, "#F4F1EA", light);
      }
    },
    slots: [
      { pose: "standing", cx: 410, baseY: 560, maxWidth: 200, maxHeight: 300, tall: true },
      { pose: "standing", cx: 810, baseY: 620, maxWidth: 200, maxHeight: 200, tall: false },
      { pose: "standing", cx: 1210, baseY: 520, maxWidth: 200, maxHeight: 320, tall: true },
      { pose: "wall", cx: 810, baseY: 250, maxWidth: 300, maxHeight: 220, tall: false },
      { pose: "hanging", cx: 1450, baseY: 210, maxWidth: 160, maxHeight: 120, tall: false },
    ],
  };
}

/** The apartment room: A long cabinet under a long shelf, and a low bench. */
function apartmentRoom(): RoomPlan {
  return {
    horizon: 740,
    furniture: (canvas, light) => {
      furnitureBox(canvas, 640, 540, 840, 180, WALNUT, light);
      shelf(canvas, 700, 290, 780, WALNUT);
      furnitureBox(canvas, 100, 610, 420, 110, OAK, light);
    },
    slots: [
      { pose: "wall", cx: 320, baseY: 310, maxWidth: 380, maxHeight: 260, tall: false },
      { pose: "standing", cx: 760, baseY: 540, maxWidth: 200, maxHeight: 225, tall: true },
      { pose: "standing", cx: 1060, baseY: 540, maxWidth: 260, maxHeight: 150, tall: false },
      { pose: "standing", cx: 1360, baseY: 540, maxWidth: 190, maxHeight: 225, tall: true },
      { pose: "standing", cx: 820, baseY: 290, maxWidth: 130, maxHeight: 220, tall: true },
      { pose: "upright", cx: 1120, baseY: 290, maxWidth: 160, maxHeight: 160, tall: false },
      { pose: "hanging", cx: 590, baseY: 230, maxWidth: 160, maxHeight: 120, tall: false },
      { pose: "standing", cx: 310, baseY: 610, maxWidth: 220, maxHeight: 150, tall: false },
    ],
  };
}

function roomPlan(style: RoomStyle): RoomPlan {
  switch (style) {
    case "living":
      return livingRoom();
    case "dining":
      return diningRoom();
    case "gallery":
      return galleryRoom();
    case "apartment":
      return apartmentRoom();
  }
}

function prefersTall(form: FormRecipe): boolean {
  return ["vase", "bottle", "amphora", "lamp"].includes(form.kind);
}

export interface RoomPlacement {
  form: FormRecipe;
  geometry: Geometry;
}

/** Places each form in the room's slots; forms without a free slot are left out. */
export function layoutRoom(style: RoomStyle, forms: readonly FormRecipe[]): RoomPlacement[] {
  const plan = roomPlan(style);
  const free = [...plan.slots];
  const placed: RoomPlacement[] = [];
  for (const form of forms) {
    const pose = naturalPose(form);
    const candidates = free.filter((slot) =>
      pose === "upright" ? slot.pose === "upright" || slot.pose === "standing" : slot.pose === pose,
    );
    // Upright slots first for plates, then slots of the right height.
    const score = (slot: RoomSlot) => (slot.pose === pose ? 2 : 0) + (slot.tall === prefersTall(form) ? 1 : 0);
    candidates.sort((a, b) => score(b) - score(a));
    const slot = candidates[0];
    if (!slot) continue;
    free.splice(free.indexOf(slot), 1);
    placed.push({ form, geometry: fitForm(form, pose === "upright" ? "upright" : slot.pose, slot) });
  }
  return placed;
}

/** Hotspots of a room in percent of the image, in the order of `forms` (null: not placed). */
export function roomHotspots(style: RoomStyle, forms: readonly FormRecipe[]): ({ x: number; y: number } | null)[] {
  const box = VIEWBOX.wide;
  const placements = layoutRoom(style, forms);
  return forms.map((form) => {
    const found = placements.find((p) => p.form === form);
    if (!found) return null;
    const [x, y] = found.geometry.centre;
    return { x: Math.round((x / box.width) * 1000) / 10, y: Math.round((y / box.height) * 1000) / 10 };
  });
}

function drawRoom(canvas: Canvas, style: RoomStyle, seed: number, forms: FormRecipe[]): void {
  const light: LightSide = new Random(seed).chance(0.5) ? -1 : 1;
  const plan = roomPlan(style);
  const wall = style === "dining" ? "#EDE6DA" : style === "gallery" ? "#F3F1EC" : BONE;
  const floor = style === "gallery" ? "#D9D5CD" : "#CDBFAA";
  drawBackdrop(canvas, plan.horizon, light, wall, floor);
  // A skirting board and the trapezoid of window light on the wall.
  canvas.add(
    `<rect y="${plan.horizon - 14}" width="${canvas.width}" height="14" fill="${mix(wall, "#FFFFFF", 0.5)}"/>`,
  );
  const beam = canvas.linear(
    [
      [0, "#FFFFFF", 0.32],
      [1, "#FFFFFF", 0],
    ],
    light === -1 ? 0 : 1,
    0,
    light === -1 ? 1 : 0,
    1,
  );
  const bx = light === -1 ? 120 : canvas.width - 120;
  canvas.add(
    `<path d="${polygon([
      [bx, 60],
      [bx - light * 260, 60],
      [bx - light * 520, plan.horizon - 14],
      [bx - light * 180, plan.horizon - 14],
    ])}" fill="${beam}"/>`,
  );
  // Floorboards.
  for (let y = plan.horizon + 30; y < canvas.height; y += 34 + (y - plan.horizon) * 0.25) {
    canvas.add(
      `<line x1="0" y1="${n(y)}" x2="${canvas.width}" y2="${n(y)}" stroke="#5E4A36" stroke-opacity=".07" stroke-width="2"/>`,
    );
  }
  plan.furniture(canvas, light);
  const placements = layoutRoom(style, forms);
  // Back to front: wall and hanging first, then objects further up the picture.
  const order = [...placements].sort((a, b) => rank(a) - rank(b));
  for (const p of order) drawPlaced(canvas, p.form, p.geometry, light, 0.8);
}

function rank(p: RoomPlacement): number {
  if (p.geometry.pose === "wall") return 0;
  if (p.geometry.pose === "hanging") return 3000;
  return p.geometry.baseY;
}

// ——— Hero and groups ———————————————————————————————————————————————————————

/** The hero's object: right of centre, where the window's light falls. */
function heroGeometry(form: FormRecipe, seed: number): Geometry {
  return fitForm(form, "standing", {
    cx: new Random(seed).range(980, 1080),
    baseY: 770,
    maxWidth: 520,
    maxHeight: 620,
  });
}

/**
 * Where an artwork's subject is, as fractions of its width and height: the focal point its media
 * carries (`media_details.focal_point`), so crops keep it in frame. Undefined: the centre does.
 */
export function focalPointOf(art: Artwork): { x: number; y: number } | undefined {
  if (art.scene !== "hero") return undefined;
  const box = VIEWBOX[aspectOf(art)];
  const [x, y] = heroGeometry(art.form, art.seed).centre;
  const fraction = (v: number) => Math.round(v * 1000) / 1000;
  return { x: fraction(x / box.width), y: fraction(y / box.height) };
}

function drawHero(canvas: Canvas, form: FormRecipe, seed: number): void {
  const light: LightSide = -1;
  drawBackdrop(canvas, 690, light);
  const beam = canvas.linear(
    [
      [0, "#FFFFFF", 0.4],
      [1, "#FFFFFF", 0],
    ],
    0,
    0,
    1,
    0.4,
  );
  canvas.add(
    `<path d="${polygon([
      [0, 0],
      [560, 0],
      [1200, 690],
      [300, 690],
    ])}" fill="${beam}"/>`,
  );
  const g = heroGeometry(form, seed);
  // The long shadow of low sun, falling away from the window.
  const long = canvas.radial(
    [
      [0, "#2E271F", 0.22],
      [1, "#2E271F", 0],
    ],
    g.cx + g.width * 0.9,
    g.baseY,
    g.width * 1.9,
    0.1,
  );
  canvas.add(
    `<ellipse cx="${n(g.cx + g.width * 0.9)}" cy="${n(g.baseY)}" rx="${n(g.width * 1.9)}" ry="${n(g.width * 0.19)}" fill="${long}"/>`,
  );
  drawPlaced(canvas, form, g, light);
}

function drawGroup(canvas: Canvas, forms: FormRecipe[], seed: number): void {
  const rnd = new Random(seed);
  const light: LightSide = rnd.chance(0.5) ? -1 : 1;
  const { width, height } = canvas;
  const horizon = height * 0.7;
  drawBackdrop(canvas, horizon, light);
  const wall = forms.filter((f) => naturalPose(f) === "wall");
  const hanging = forms.filter((f) => naturalPose(f) === "hanging");
  const standing = forms.filter((f) => naturalPose(f) === "standing" || naturalPose(f) === "upright");

  wall.slice(0, 2).forEach((form, i, all) => {
    const w = (width * 0.8) / all.length;
    drawWallPiece(
      canvas,
      form,
      width * 0.1 + w * (i + 0.5),
      horizon * (standing.length ? 0.38 : 0.5),
      w * 0.8,
      horizon * (standing.length ? 0.48 : 0.7),
      light,
    );
  });
  hanging.slice(0, 2).forEach((form, i, all) => {
    const x = width * ((i + 1) / (all.length + 1));
    drawPendant(canvas, form, x, 0, height * (0.32 + 0.1 * i), Math.min(width, height) * 0.28);
  });
  const count = standing.length;
  standing.forEach((form, i) => {
    const span = width * 0.8;
    const cx = width * 0.1 + span * ((i + 0.5) / count);
    const depth = i % 2 === 0 ? 0 : -height * 0.04;
    const baseY = horizon + height * 0.17 + depth;
    const maxHeight = (wall.length ? height * 0.38 : height * 0.62) * (i % 2 === 0 ? 1 : 0.7);
    const pose = naturalPose(form);
    const g = fitForm(form, pose, { cx, baseY, maxWidth: (span / count) * 0.92, maxHeight });
    drawPlaced(canvas, form, g, light);
  });
}

// ——— Designers ———————————————————————————————————————————————————————————————

function drawPortrait(canvas: Canvas, tool: ToolKind, tint: string, seed: number): void {
  const { width, height } = canvas;
  const rnd = new Random(seed);
  const ground = canvas.linear(
    [
      [0, mix(tint, "#FFFFFF", 0.35)],
      [1, mix(tint, "#6E6A63", 0.18)],
    ],
    0,
    0,
    0.3,
    1,
  );
  canvas.add(`<rect width="${width}" height="${height}" fill="${ground}"/>`);
  const glow = canvas.radial(
    [
      [0, "#FFFFFF", 0.45],
      [1, "#FFFFFF", 0],
    ],
    width * 0.25,
    height * 0.2,
    width,
  );
  canvas.add(`<rect width="${width}" height="${height}" fill="${glow}"/>`);
  const wood = "#B08A62";
  const woodFill = canvas.linear(
    [
      [0, mix(wood, "#FFFFFF", 0.25)],
      [1, mix(wood, "#000000", 0.2)],
    ],
    0,
    0,
    1,
    1,
  );
  const angle = rnd.range(-38, -22);
  const disc = mix(tint, "#6E6A63", 0.12);
  canvas.add(
    `<circle cx="${n(width * 0.56)}" cy="${n(height * 0.46)}" r="${n(width * 0.34)}" fill="${disc}" fill-opacity=".55"/>`,
  );
  const shapes = `<g transform="scale(1.35)">${toolShapes(tool, wood, woodFill)}</g>`;
  canvas.add(
    `<g transform="translate(${n(width / 2 + 18)} ${n(height / 2 + 26)}) rotate(${n(angle)})" opacity=".18">${shapes.replace(/fill="[^"]*"/g, 'fill="#2E271F"').replace(/stroke="[^"]*"/g, 'stroke="#2E271F"')}</g>`,
  );
  canvas.add(`<g transform="translate(${n(width / 2)} ${n(height / 2)}) rotate(${n(angle)})">${shapes}</g>`);
  canvas.add(
    `<rect x="${n(width * 0.1)}" y="${n(height * 0.9)}" width="${n(width * 0.18)}" height="2" fill="#A8874A"/>`,
  );
}

/** Tools of the studio, drawn around the origin, about 600 units long. */
function toolShapes(tool: ToolKind, wood: string, woodFill: string): string {
  switch (tool) {
    case "rib":
      return (
        `<path d="M-230 -40C-230 -150 -60 -170 60 -140C200 -105 250 -20 230 60C210 140 80 150 -40 120C-170 90 -230 50 -230 -40Z" fill="${woodFill}"/>` +
        `<ellipse cx="-90" cy="-10" rx="42" ry="30" fill="${mix(wood, "#000000", 0.35)}" fill-opacity=".35"/>`
      );
    case "calipers":
      return (
        `<g fill="none" stroke="#8C8C86" stroke-width="16" stroke-linecap="round"><path d="M0 -250C-180 -200 -220 40 -60 260"/><path d="M0 -250C180 -200 220 40 60 260"/></g>` +
        `<circle cx="0" cy="-250" r="26" fill="#A8874A"/>`
      );
    case "loop":
      return (
        `<rect x="-28" y="-60" width="56" height="330" rx="26" fill="${woodFill}"/>` +
        `<rect x="-30" y="-90" width="60" height="40" rx="6" fill="#A8874A"/>` +
        `<path d="M-18 -90C-60 -200 -40 -280 0 -290C40 -280 60 -200 18 -90" fill="none" stroke="#6E6A63" stroke-width="9"/>`
      );
    case "brush":
      return (
        `<path d="M-14 -40L14 -40L22 290Q0 310 -22 290Z" fill="${woodFill}"/>` +
        `<rect x="-24" y="-110" width="48" height="74" rx="4" fill="#A8874A"/>` +
        `<path d="M-26 -110Q-40 -220 0 -300Q40 -220 26 -110Z" fill="#3B342C"/>`
      );
    case "knife":
      return (
        `<path d="M-20 60L20 60L26 290Q0 305 -26 290Z" fill="${woodFill}"/>` +
        `<path d="M-16 60L16 60L10 -280Q0 -300 -10 -280Z" fill="#C9C6BF"/>` +
        `<path d="M0 60L10 -280Q0 -300 -2 -284Z" fill="#FFFFFF" fill-opacity=".5"/>`
      );
  }
}

// ——— Company pages ———————————————————————————————————————————————————————————

function seriesForms(rnd: Random, glazes: string[], count: number, kinds: FormRecipe["kind"][]): FormRecipe[] {
  return Array.from({ length: count }, () => ({
    kind: rnd.pick(kinds),
    seed: rnd.int(1, 2 ** 30),
    glaze: rnd.pick(glazes),
    finish: rnd.chance(0.3) ? "matte" : "gloss",
    accent: null,
    motif: "none",
  }));
}

function drawStudio(canvas: Canvas, seed: number, glazes: string[]): void {
  const rnd = new Random(seed);
  const light: LightSide = -1;
  drawBackdrop(canvas, 800, light);
  for (const y of [260, 500, 740]) {
    shelf(canvas, 140, y, 1320, OAK);
    for (const x of [180, 1400]) canvas.add(`<rect x="${x}" y="${y + 14}" width="16" height="40" fill="#8C7456"/>`);
    const forms = seriesForms(rnd, glazes, 6, ["vase", "bottle", "bowl", "amphora", "bowl"]);
    forms.forEach((form, i) => {
      const cx = 240 + i * 225 + rnd.range(-30, 30);
      drawPlaced(canvas, form, fitForm(form, "standing", { cx, baseY: y, maxWidth: 170, maxHeight: 200 }), light, 0.6);
    });
  }
}

function drawWorkshop(canvas: Canvas, seed: number): void {
  const rnd = new Random(seed);
  const light: LightSide = -1;
  drawBackdrop(canvas, 760, light, "#ECE6DB", "#C9BFB0");
  shelf(canvas, 80, 330, 1440, "#C2A983");
  furnitureBox(canvas, 80, 560, 1440, 26, "#B89B78", light);
  for (const x of [160, 760, 1420])
    canvas.add(`<path d="M${x} 586L${x - 40} 760M${x} 586L${x + 40} 760" stroke="#8C7456" stroke-width="10"/>`);
  const bisque = "#EEE8DC";
  const green = "#D5CEC2";
  const back = seriesForms(rnd, [green], 9, ["vase", "bottle", "bowl", "amphora"]);
  back.forEach((form, i) =>
    drawPlaced(
      canvas,
      { ...form, finish: "matte" },
      fitForm(form, "standing", { cx: 150 + i * 160, baseY: 330, maxWidth: 120, maxHeight: 170 }),
      light,
      0.5,
    ),
  );
  const front = seriesForms(rnd, [bisque], 8, ["vase", "bowl", "bottle", "stand"]);
  front.forEach((form, i) =>
    drawPlaced(
      canvas,
      { ...form, finish: "matte" },
      fitForm(form, "standing", { cx: 170 + i * 180, baseY: 560, maxWidth: 150, maxHeight: 210 }),
      light,
      0.6,
    ),
  );
  // A plaster mould, opened, at the end of the board.
  canvas.add(
    `<rect x="1380" y="480" width="110" height="80" fill="#F7F5F0"/><rect x="1380" y="480" width="110" height="80" fill="none" stroke="#D8D2C6" stroke-width="2"/><line x1="1435" y1="480" x2="1435" y2="560" stroke="#CFC8BA" stroke-width="3"/>`,
  );
}

function drawTestTiles(canvas: Canvas, seed: number, glazes: string[]): void {
  const rnd = new Random(seed);
  const ground = canvas.linear(
    [
      [0, "#ECE7DD"],
      [1, "#DED7CA"],
    ],
    0,
    0,
    0,
    1,
  );
  canvas.add(`<rect width="${canvas.width}" height="${canvas.height}" fill="${ground}"/>`);
  const cols = 14;
  const rows = 5;
  const w = 82;
  const h = 120;
  const gapX = (canvas.width - cols * w) / (cols + 1);
  const gapY = (canvas.height - rows * h) / (rows + 1);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = gapX + c * (w + gapX) + rnd.range(-3, 3);
      const y = gapY + r * (h + gapY);
      const base = glazes[(r + c * 2) % glazes.length] ?? BONE;
      const glaze = mix(base, c % 3 === 0 ? "#FFFFFF" : "#2E271F", (c % 5) * 0.07 + rnd.range(0, 0.05));
      const tones = glazeTones(glaze, "gloss");
      canvas.add(
        `<rect x="${n(x + 4)}" y="${n(y + 6)}" width="${w}" height="${h}" rx="4" fill="#2E271F" fill-opacity=".12"/>`,
      );
      canvas.add(`<rect x="${n(x)}" y="${n(y)}" width="${w}" height="${h}" rx="4" fill="#EFE9DE"/>`);
      const dip = y + h * rnd.range(0.62, 0.78);
      const fill = canvas.linear(
        [
          [0, tones.light],
          [0.6, tones.base],
          [1, tones.shade],
        ],
        0,
        0,
        1,
        1,
      );
      canvas.add(
        `<path d="M${n(x)} ${n(y + 4)}Q${n(x)} ${n(y)} ${n(x + 4)} ${n(y)}L${n(x + w - 4)} ${n(y)}Q${n(x + w)} ${n(y)} ${n(x + w)} ${n(y + 4)}L${n(x + w)} ${n(dip + rnd.range(-6, 6))}Q${n(x + w / 2)} ${n(dip + rnd.range(4, 14))} ${n(x)} ${n(dip)}Z" fill="${fill}"/>`,
      );
      canvas.add(`<circle cx="${n(x + w / 2)}" cy="${n(y + 14)}" r="5" fill="#B9B1A3"/>`);
    }
  }
}

function drawFacade(canvas: Canvas, seed: number): void {
  const rnd = new Random(seed);
  const { width, height } = canvas;
  const sky = canvas.linear(
    [
      [0, "#DCE3E6"],
      [1, "#F1EEE7"],
    ],
    0,
    0,
    0,
    1,
  );
  canvas.add(`<rect width="${width}" height="${height}" fill="${sky}"/>`);
  const brick = canvas.linear(
    [
      [0, "#B96C50"],
      [1, "#9E5840"],
    ],
    0,
    0,
    1,
    1,
  );
  canvas.add(`<path d="M60 700L60 210L600 90L1140 210L1140 700Z" fill="${brick}"/>`);
  for (let y = 220; y < 700; y += 14) {
    canvas.add(
      `<line x1="60" y1="${y}" x2="1140" y2="${y}" stroke="#7E432F" stroke-opacity=".18" stroke-width="1.5"/>`,
    );
  }
  canvas.add(`<path d="M40 215L600 88L1160 215" fill="none" stroke="#EDE6DA" stroke-width="14"/>`);
  const glass = canvas.linear(
    [
      [0, "#5C6A70"],
      [0.5, "#8E9DA2"],
      [1, "#46535A"],
    ],
    0,
    0,
    1,
    1,
  );
  for (let i = 0; i < 5; i++) {
    const x = 130 + i * 200;
    const top = i === 2 ? 300 : 330;
    const bottom = i === 2 ? 700 : 600;
    canvas.add(
      `<path d="M${x} ${bottom}L${x} ${top + 70}A70 70 0 0 1 ${x + 140} ${top + 70}L${x + 140} ${bottom}Z" fill="#F2EEE6"/>`,
    );
    canvas.add(
      `<path d="M${x + 10} ${bottom}L${x + 10} ${top + 70}A60 60 0 0 1 ${x + 130} ${top + 70}L${x + 130} ${bottom}Z" fill="${glass}"/>`,
    );
    canvas.add(
      `<path d="M${x + 70} ${top + 12}L${x + 70} ${bottom}M${x + 10} ${top + 150}L${x + 130} ${top + 150}" stroke="#F2EEE6" stroke-width="6"/>`,
    );
    if (rnd.chance(0.6))
      canvas.add(
        `<path d="M${x + 20} ${top + 80}L${x + 60} ${top + 40}" stroke="#FFFFFF" stroke-opacity=".35" stroke-width="8"/>`,
      );
  }
  canvas.add(`<rect y="700" width="${width}" height="${height - 700}" fill="#CFC8BC"/>`);
  canvas.add(`<rect y="700" width="${width}" height="6" fill="#B9B1A3"/>`);
}

function drawFlatlay(canvas: Canvas, seed: number, glazes: string[]): void {
  const rnd = new Random(seed);
  const table = canvas.linear(
    [
      [0, "#EDE7DC"],
      [1, "#DFD7C9"],
    ],
    0,
    0,
    1,
    1,
  );
  canvas.add(`<rect width="${canvas.width}" height="${canvas.height}" fill="${table}"/>`);
  const spots: [number, number, number][] = [
    [330, 330, 230],
    [760, 300, 190],
    [560, 600, 170],
    [950, 590, 150],
    [170, 640, 120],
  ];
  spots.forEach(([x, y, r], i) => {
    const form: FormRecipe = {
      kind: i % 2 === 0 ? "plate" : "charger",
      seed: rnd.int(1, 2 ** 30),
      glaze: glazes[i % glazes.length] ?? BONE,
      finish: "gloss",
      accent: null,
      motif: rnd.pick(["waves", "petals", "dots", "reeds", "bands", "none"] as const),
    };
    drawPlate(canvas, form, x + rnd.range(-20, 20), y + rnd.range(-20, 20), r, -1);
  });
}

function drawEmblem(canvas: Canvas): void {
  const { width, height } = canvas;
  canvas.add(`<rect width="${width}" height="${height}" fill="${BONE}"/>`);
  const flagW = 660;
  const flagH = 440;
  const x = (width - flagW) / 2;
  const y = (height - flagH) / 2;
  canvas.add(`<rect x="${x}" y="${y}" width="${flagW}" height="${flagH}" fill="#003399"/>`);
  // Twelve five-pointed stars on a circle whose radius is a third of the flag's height.
  const cx = width / 2;
  const cy = height / 2;
  const circle = flagH / 3;
  const outer = flagH / 18;
  const inner = outer * 0.382;
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    const sx = cx + Math.cos(a) * circle;
    const sy = cy + Math.sin(a) * circle;
    const points: [number, number][] = [];
    for (let k = 0; k < 10; k++) {
      const r = k % 2 === 0 ? outer : inner;
      const angle = -Math.PI / 2 + (k * Math.PI) / 5;
      points.push([sx + Math.cos(angle) * r, sy + Math.sin(angle) * r]);
    }
    canvas.add(`<path d="${polygon(points)}" fill="#FFCC00"/>`);
  }
}
