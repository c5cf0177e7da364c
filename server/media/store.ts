// The byte-bounded disk cache of /media/: originals and renditions, one folder per upload path
// (named by its hash), one file per variant (`original`, `w640.avif`…). An index in memory keeps
// every file's size in least-recently-used order; past MEDIA_CACHE_MB the least recently used
// files are deleted. On start-up the folder is read back (oldest written first), so a restart —
// or WordPress being down — loses nothing that was cached. A small memory tier in front answers
// the hottest small variants without touching the disk.
//
// Originals are written to the disk as they arrive and decoded from there (never held whole in
// memory): a download first reserves its bytes in the index (an entry of its own, which evicts
// others), so files being written count against the bound too. A file a transform is reading is
// pinned: evicted meanwhile, it leaves the index at once and the disk when the transform is done.
//
// Not cacache: it has no size bound (its `verify` only collects garbage it is told about), and
// every read goes through its content index; the bound and one folder per path (a purge of one
// image is one `rm`) are what this cache needs, and they take less code than adapting it.
import { createHash, randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import type { Logger } from "../logger";

export interface MediaStoreOptions {
  dir: string;
  maxBytes: number;
  /** Bound of the memory tier in front of the disk (0: none). */
  memoryBytes: number;
  logger: Pick<Logger, "warn">;
}

/** The largest file kept in the memory tier: renditions, never originals. */
const MEMORY_ENTRY_BYTES = 2 * 1024 * 1024;
const TEMPORARY = ".tmp-";

/** The folder of an upload path inside the cache: a hash, so no visitor input names a file. */
function folderOf(uploadPath: string): string {
  const hash = createHash("sha256").update(uploadPath).digest("hex");
  return path.join(hash.slice(0, 2), hash);
}

/** Bytes set aside for a file being written; `commit` names it, `abandon` gives the bytes back. */
export interface Reservation {
  /** Where to write. */
  readonly file: string;
  commit(variant: string, size: number): Promise<void>;
  abandon(): Promise<void>;
}

export class MediaStore {
  private readonly files: LRUCache<string, number>;
  private readonly memory: LRUCache<string, Buffer> | undefined;
  private readonly dir: string;
  private readonly logger: Pick<Logger, "warn">;
  /** Files being deleted after leaving the index. */
  private readonly deleting = new Set<Promise<unknown>>();
  /** The variants cached of each upload folder (the nearest rendition is looked up here). */
  private readonly variantsOf = new Map<string, Set<string>>();
  /** Files being read by a transform, and those to delete once they are not. */
  private readonly pins = new Map<string, number>();
  private readonly unpinnedDeletes = new Set<string>();

  constructor(options: MediaStoreOptions) {
    this.dir = options.dir;
    this.logger = options.logger;
    this.files = new LRUCache<string, number>({
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (size) => Math.max(1, size),
      // An entry leaves the index (evicted or dropped): its file goes too, unless it was replaced.
      dispose: (_size, file, reason) => {
        if (reason !== "set") this.forget(file);
        this.memory?.delete(file);
      },
    });
    this.memory =
      options.memoryBytes > 0
        ? new LRUCache<string, Buffer>({
            maxSize: options.memoryBytes,
            maxEntrySize: MEMORY_ENTRY_BYTES,
            sizeCalculation: (b) => Math.max(1, b.length),
          })
        : undefined;
  }

  /** Reads back what an earlier run cached (the folder is created when missing). */
  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await access(this.dir, constants.W_OK);
    const found: { file: string; size: number; mtime: number }[] = [];
    for (const entry of await readdir(this.dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      // Half-written files of a process that stopped mid-write.
      if (entry.name.startsWith(TEMPORARY)) {
        await rm(full, { force: true });
        continue;
      }
      const info = await stat(full).catch(() => undefined);
      if (info) found.push({ file: path.relative(this.dir, full), size: info.size, mtime: info.mtimeMs });
    }
    found.sort((a, b) => a.mtime - b.mtime);
    for (const f of found) this.index(f.file, f.size);
  }

  /** Resolves once the files that left the index are gone from the disk. */
  async settled(): Promise<void> {
    await Promise.all([...this.deleting]);
  }

  /** Bytes on disk now (reservations included). */
  get bytes(): number {
    return this.files.calculatedSize;
  }

  has(uploadPath: string, variant: string): boolean {
    return this.files.has(path.join(folderOf(uploadPath), variant));
  }

  /** The variants of an upload in the cache (`original`, `w640.avif`…). */
  variants(uploadPath: string): string[] {
    return [...(this.variantsOf.get(folderOf(uploadPath)) ?? [])];
  }

  /** A variant's bytes (renditions: small), from memory or the disk. */
  async get(uploadPath: string, variant: string): Promise<Buffer | undefined> {
    const file = path.join(folderOf(uploadPath), variant);
    const hot = this.memory?.get(file);
    if (hot) {
      this.files.get(file);
      return hot;
    }
    if (!this.files.has(file)) return undefined;
    try {
      const body = await readFile(path.join(this.dir, file));
      this.files.get(file);
      this.memory?.set(file, body);
      return body;
    } catch {
      this.files.delete(file);
      return undefined;
    }
  }

  /**
   * A variant's file, kept on the disk until `release` (an eviction meanwhile takes it out of
   * the index only). Undefined when it is not cached.
   */
  pin(uploadPath: string, variant: string): { file: string; size: number; release(): void } | undefined {
    const file = path.join(folderOf(uploadPath), variant);
    const size = this.files.get(file);
    if (size === undefined) return undefined;
    this.pins.set(file, (this.pins.get(file) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.pins.get(file) ?? 1) - 1;
      if (left > 0) return void this.pins.set(file, left);
      this.pins.delete(file);
      if (this.unpinnedDeletes.delete(file) && !this.files.has(file)) this.unlink(file);
    };
    return { file: path.join(this.dir, file), size, release };
  }

  /** Written to a temporary name and renamed: a reader never sees half a file. */
  async put(uploadPath: string, variant: string, body: Buffer): Promise<void> {
    const reservation = this.reserve(uploadPath, body.length);
    try {
      await writeFile(reservation.file, body);
      await reservation.commit(variant, body.length);
      this.memory?.set(path.join(folderOf(uploadPath), variant), body);
    } catch (error) {
      await reservation.abandon();
      this.logger.warn({ err: error, path: uploadPath }, "media cache could not store a file; served uncached");
    }
  }

  /** Sets `bytes` aside for a file about to be written (evicting others to make room). */
  reserve(uploadPath: string, bytes: number): Reservation {
    const name = `${TEMPORARY}${randomBytes(6).toString("hex")}`;
    const file = path.join(this.dir, name);
    this.files.set(name, bytes);
    let settled = false;
    const settle = () => {
      settled = true;
      // Renamed (or never written): the placeholder leaves without deleting anything.
      this.files.delete(name);
    };
    return {
      file,
      commit: async (variant, size) => {
        if (settled) throw new Error("reservation already settled");
        const target = path.join(folderOf(uploadPath), variant);
        await mkdir(path.join(this.dir, path.dirname(target)), { recursive: true });
        await rename(file, path.join(this.dir, target));
        settle();
        this.unpinnedDeletes.delete(target);
        this.index(target, size);
      },
      abandon: async () => {
        if (settled) return;
        settle();
        await rm(file, { force: true }).catch(() => undefined);
      },
    };
  }

  /** Drops every variant of an upload; resolves with how many files went. */
  async drop(uploadPath: string): Promise<number> {
    const folder = folderOf(uploadPath);
    const variants = this.variants(uploadPath);
    for (const variant of variants) this.files.delete(path.join(folder, variant));
    // Pinned files are deleted when their transform is done; the rest of the folder now.
    if (![...this.pins.keys()].some((file) => file.startsWith(folder + path.sep))) {
      await rm(path.join(this.dir, folder), { recursive: true, force: true }).catch(() => undefined);
    }
    return variants.length;
  }

  private index(file: string, size: number): void {
    this.files.set(file, size);
    const folder = path.dirname(file);
    let variants = this.variantsOf.get(folder);
    if (!variants) this.variantsOf.set(folder, (variants = new Set()));
    variants.add(path.basename(file));
  }

  /** A file left the index: out of the folder's list, and off the disk unless a transform reads it. */
  private forget(file: string): void {
    if (path.basename(file).startsWith(TEMPORARY) && !file.includes(path.sep)) return;
    const folder = path.dirname(file);
    const variants = this.variantsOf.get(folder);
    variants?.delete(path.basename(file));
    if (variants?.size === 0) this.variantsOf.delete(folder);
    if (this.pins.has(file)) this.unpinnedDeletes.add(file);
    else this.unlink(file);
  }

  private unlink(file: string): void {
    const deletion = unlink(path.join(this.dir, file))
      .catch(() => undefined)
      .finally(() => this.deleting.delete(deletion));
    this.deleting.add(deletion);
  }
}
