// A tiny SVG writer: collects gradients and clip paths under unique ids, and the shapes that use
// them, then prints one document. Numbers are rounded to keep documents small, since a room scene
// has a few hundred shapes and is rasterised on request.

export type Stop = [offset: number, color: string, opacity?: number];

export function n(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

export class Canvas {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private counter = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  add(markup: string): void {
    this.body.push(markup);
  }

  /** A linear gradient; coordinates are fractions of the shape's box unless `user` is set. */
  linear(stops: Stop[], x1: number, y1: number, x2: number, y2: number, user = false): string {
    const id = this.id("l");
    const units = user ? ' gradientUnits="userSpaceOnUse"' : "";
    this.defs.push(
      `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"${units}>${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A radial gradient in user space (pixels of the viewBox). */
  radial(stops: Stop[], cx: number, cy: number, r: number, scaleY = 1): string {
    const id = this.id("r");
    const transform =
      scaleY === 1 ? "" : ` gradientTransform="translate(0 ${n(cy * (1 - scaleY))}) scale(1 ${scaleY})"`;
    this.defs.push(
      `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" gradientUnits="userSpaceOnUse"${transform}>${stopsMarkup(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  clip(pathD: string): string {
    const id = this.id("c");
    this.defs.push(`<clipPath id="${id}"><path d="${pathD}"/></clipPath>`);
    return `url(#${id})`;
  }

  /** The document, rendered at width × height pixels; `slice` crops to fill (thumbnails). */
  toSvg(pixelWidth: number, pixelHeight: number, slice = false): string {
    const ratio = slice ? ' preserveAspectRatio="xMidYMid slice"' : ' preserveAspectRatio="none"';
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${pixelHeight}" viewBox="0 0 ${this.width} ${this.height}"${ratio}>` +
      `<defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`
    );
  }
}

function stopsMarkup(stops: Stop[]): string {
  return stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${n(offset * 100)}%" stop-color="${color}"${opacity === undefined ? "" : ` stop-opacity="${opacity}"`}/>`,
    )
    .join("");
}

/** A closed path through points. */
export function polygon(points: ReadonlyArray<readonly [number, number]>): string {
  return points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${n(x)} ${n(y)}`).join("") + "Z";
}

export function polyline(points: ReadonlyArray<readonly [number, number]>): string {
  return points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${n(x)} ${n(y)}`).join("");
}
