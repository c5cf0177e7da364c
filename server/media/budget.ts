// What image transforms may hold at once: CPU slots (one per CPU the container may use) and a
// memory budget (MEDIA_MEMORY_MB), so that the worst case of the transforms running together fits
// the memory the pod has left besides its caches (docs/capacity.md, "Images: the memory budget").
//
// Each transform is charged its estimated peak before it starts (`transformBytes`, measured on
// libvips as sharp runs it): decoding a progressive or interlaced image, or one that must turn
// a quarter (EXIF orientation 5–8), holds every pixel at once; a sequential decode about half
// of that; the encoder a few bytes per output pixel, AVIF's much more. A transform whose estimate
// exceeds the whole budget is refused (the upload is too large to serve), never started.
//
// Invariants: running transforms ≤ `running`; their charged bytes ≤ `memoryBytes`; at most
// `waiting` wait, first come first served (a large one at the head waits for room rather than
// being overtaken forever); beyond that `run` rejects at once with TransformsBusy.

/** An image's header as sharp reads it (`metadata()`), what the estimate needs of it. */
export interface ImageHeader {
  width?: number;
  height?: number;
  channels?: number;
  /** libvips band format: `uchar`, `ushort`, `float`… */
  depth?: string;
  isProgressive?: boolean;
  orientation?: number;
}

const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  double: 8,
};
/** Encoder bytes per output pixel (measured peaks, rounded up): libaom's AVIF, the others (WebP at effort 4 the most), and the fast encodings. */
const ENCODER_BYTES_PER_PIXEL = { avif: 36, other: 12, fast: 4 } as const;
/** libvips's own buffers and the output, whatever the image. */
const FIXED_BYTES = 16 * 1024 * 1024;

/** The estimated peak memory of decoding `header` and encoding `outWidth` pixels wide as `format` (`fast`: at its quickest setting). */
export function transformBytes(header: ImageHeader, outWidth: number, format: string, fast = false): number {
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  const decoded = width * height * (header.channels ?? 4) * (BYTES_PER_SAMPLE[header.depth ?? "uchar"] ?? 4);
  const wholeImage = header.isProgressive === true || (header.orientation ?? 1) >= 5;
  const outHeight = width > 0 ? Math.ceil((height * Math.min(outWidth, width)) / width) : 0;
  const outPixels = Math.min(outWidth, width) * outHeight;
  const encoder =
    outPixels *
    (format === "avif"
      ? ENCODER_BYTES_PER_PIXEL.avif
      : fast
        ? ENCODER_BYTES_PER_PIXEL.fast
        : ENCODER_BYTES_PER_PIXEL.other);
  return Math.ceil(decoded * (wholeImage ? 1.3 : 0.5)) + encoder + FIXED_BYTES;
}

/** Refused at once: every slot taken and the line full. */
export class TransformsBusy extends Error {
  constructor() {
    super("too many media transforms waiting");
    this.name = "TransformsBusy";
  }
}

/** The transform alone would exceed the memory budget. */
export class TransformTooLarge extends Error {
  constructor(
    readonly bytes: number,
    readonly budget: number,
  ) {
    super(
      `a transform needing about ${Math.round(bytes / 1048576)} MiB exceeds the ${Math.round(budget / 1048576)} MiB budget`,
    );
    this.name = "TransformTooLarge";
  }
}

interface Waiting {
  bytes: number;
  start(): void;
}

export interface TransformBudgetOptions {
  /** Transforms at once (CPUs). */
  running: number;
  /** Bytes the running transforms may be charged together. */
  memoryBytes: number;
  /** Transforms waiting at most. */
  waiting: number;
}

export class TransformBudget {
  private active = 0;
  private charged = 0;
  private readonly line: Waiting[] = [];

  constructor(readonly options: TransformBudgetOptions) {}

  /** Transforms running and waiting now. */
  get load(): { running: number; waiting: number; bytes: number } {
    return { running: this.active, waiting: this.line.length, bytes: this.charged };
  }

  /** A new transform would wait longer than one round of those running: time for a stand-in. */
  get busy(): boolean {
    return this.line.length >= this.options.running;
  }

  async run<T>(bytes: number, task: () => Promise<T>): Promise<T> {
    if (bytes > this.options.memoryBytes) throw new TransformTooLarge(bytes, this.options.memoryBytes);
    if (this.line.length === 0 && this.fits(bytes)) this.take(bytes);
    else {
      if (this.line.length >= this.options.waiting) throw new TransformsBusy();
      await new Promise<void>((resolve) => this.line.push({ bytes, start: resolve }));
    }
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.charged -= bytes;
      this.admit();
    }
  }

  private fits(bytes: number): boolean {
    return this.active < this.options.running && this.charged + bytes <= this.options.memoryBytes;
  }

  private take(bytes: number): void {
    this.active += 1;
    this.charged += bytes;
  }

  /** Starts waiting transforms in order while the head fits. */
  private admit(): void {
    while (this.line.length > 0 && this.fits(this.line[0]!.bytes)) {
      const next = this.line.shift()!;
      this.take(next.bytes);
      next.start();
    }
  }
}
