// The byte-bounded disk cache of /media/: originals and renditions, one folder per upload path
// (named by its hash), one file per variant (`original`, `w640.avif`…). An index in memory keeps
// every file's size in least-recently-used order; past MEDIA_CACHE_MB the least recently used
// files are deleted. On start-up the folder is read back (oldest written first), so a restart —
// or WordPress being down — loses nothing that was cached. A small memory tier in front answers
// the hottest variants without touching the disk.
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

/** The folder of an upload path inside the cache: a hash, so no visitor input names a file. */
function folderOf(uploadPath: string): string {
  const hash = createHash("sha256").update(uploadPath).digest("hex");
  return path.join(hash.slice(0, 2), hash);
}

export class MediaStore {
  private readonly files: LRUCache<string, number>;
  private readonly memory: LRUCache<string, Buffer> | undefined;
  private readonly dir: string;
  private readonly logger: Pick<Logger, "warn">;
  /** Files being deleted after leaving the index. */
  private readonly deleting = new Set<Promise<unknown>>();

  constructor(options: MediaStoreOptions) {
    this.dir = options.dir;
    this.logger = options.logger;
    this.files = new LRUCache<string, number>({
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (size) => Math.max(1, size),
      // An entry leaves the index (evicted or dropped): its file goes too, unless it was replaced.
      dispose: (_size, file, reason) => {
        if (reason !== "set") {
          const deletion = unlink(path.join(this.dir, file))
            .catch(() => undefined)
            .finally(() => this.deleting.delete(deletion));
          this.deleting.add(deletion);
        }
        this.memory?.delete(file);
      },
    });
    this.memory = options.memoryBytes > 0 ? new LRUCache<string, Buffer>({ maxSize: options.memoryBytes, sizeCalculation: (b) => Math.max(1, b.length) }) : undefined;
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
      if (entry.name.startsWith(".tmp-")) {
        await rm(full, { force: true });
        continue;
      }
      const info = await stat(full).catch(() => undefined);
      if (info) found.push({ file: path.relative(this.dir, full), size: info.size, mtime: info.mtimeMs });
    }
    found.sort((a, b) => a.mtime - b.mtime);
    for (const f of found) this.files.set(f.file, f.size);
  }

  /** Resolves once the files that left the index are gone from the disk. */
  async settled(): Promise<void> {
    await Promise.all([...this.deleting]);
  }

  /** Bytes on disk now. */
  get bytes(): number {
    return this.files.calculatedSize;
  }

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

  /** Written to a temporary name and renamed: a reader never sees half a file. */
  async put(uploadPath: string, variant: string, body: Buffer): Promise<void> {
    const file = path.join(folderOf(uploadPath), variant);
    const full = path.join(this.dir, file);
    const temporary = path.join(this.dir, `.tmp-${randomBytes(6).toString("hex")}`);
    try {
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(temporary, body);
      await rename(temporary, full);
      this.files.set(file, body.length);
      this.memory?.set(file, body);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      this.logger.warn({ err: error, path: uploadPath }, "media cache could not store a file; served uncached");
    }
  }

  /** Drops every variant of an upload; resolves with how many files went. */
  async drop(uploadPath: string): Promise<number> {
    const folder = folderOf(uploadPath) + path.sep;
    let dropped = 0;
    for (const file of [...this.files.keys()]) {
      if (file.startsWith(folder)) {
        this.files.delete(file);
        dropped += 1;
      }
    }
    await rm(path.join(this.dir, folderOf(uploadPath)), { recursive: true, force: true }).catch(() => undefined);
    return dropped;
  }
}
