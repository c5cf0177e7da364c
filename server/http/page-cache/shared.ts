// The shared page tier: rendered pages kept in Redis for every pod, under the memory page cache.
// A page stored in memory after a render is written here too (compressed bytes, as kept); a
// memory miss reads here before rendering; a page missing everywhere is rendered by one pod of
// the cluster (a short Redis lock), the others wait for it while its holder keeps the lock (within
// a bound) and take it from here.
// Entries carry checksums (the description, each body): a corrupt or truncated one is dropped and
// the page rendered again.
//
// Invariants:
// - Only the site's own renders are written, under the key the page cache computed (route-declared
//   query only), in the site's keyspace (its SITE_URL and WordPress) and prefixed by the build
//   (assets and server bundle) and the languages served: nothing a visitor sends names a key
//   another visitor reads, and two sites or two builds never read each other's pages.
// - A render lock is taken with a token of that render's own and released by it (compare and
//   delete) when the render ends, written or not; never by another render, of this pod or another.
// - Redis is an optimisation: every call is bounded and behind the tier's breaker; the tier down
//   means "render here", as without the tier. One late reply is not "down": the waiter looks again
//   within its bound. The lookup happens only on a memory miss.
// - A waiter renders a page itself only when the lock is gone without a fresh page (its holder
//   died, within the lock's lifetime and one pause, or gave up), or its holder has rendered longer
//   than a render may (2 × waitMs), or the lock has not been seen for clusterWaitMs.
// - Purges received by this pod are applied here (soft: the entry stays as a stale copy; hard: it
//   is gone), through the tag sets, one key per command (Cluster-safe). No copy rendered before a
//   purge this pod has heard of is served from here, fresh or stale.
import { randomUUID } from "node:crypto";
import zlib from "node:zlib";
import type { RedisTier } from "../../cache";
import type { PurgeMode } from "../../cache";
import type { PageEntry } from "./store";

/** What a pod does with a page that missed its memory: answer it from the tier, or render it (then call `done`). */
export type ClusterTurn =
  | { entry: PageEntry; startedAt: number; outcome: "page-hit-shared" | "page-stale-shared" }
  | { entry?: undefined; done: () => void };

/** A page as read from Redis. `stale`: its time passed; `purged`: a soft purge marked it. */
export interface SharedPage {
  entry: PageEntry;
  startedAt: number;
  state: "fresh" | "stale" | "purged";
}

/** What the pod's memory says of a page found in Redis. */
export interface PageJudge {
  /** Keep a fresh page in memory; false when its render began before a purge this pod has heard of. */
  adopt(page: SharedPage): boolean;
  /** A stale copy may be served: its render began after every purge of its tags this pod has heard of. */
  current(page: SharedPage): boolean;
  /**
   * Memory may keep a page of this many body bytes. When it may not (a pod whose memory keeps no
   * page), the lookup reads only the body the answer needs; else the whole page, kept at once.
   */
  keeps?(bytes: number): boolean;
}

/** The encoding an answer needs (undefined: neither, made from gzip). */
export type WantedEncoding = "br" | "gzip" | undefined;

export interface SharedPagesObserver {
  lookup(result: "hit" | "stale" | "miss"): void;
  write(result: "stored" | "skipped" | "failed"): void;
}

export interface SharedPagesOptions {
  tier: RedisTier;
  /** The build's identity and the languages served: part of every key. */
  variant: () => string;
  /** A page whose compressed bodies exceed this is not shared (PAGE_CACHE_SHARED_MAX_KB). */
  maxEntryBytes: number;
  /** How long a page outlives its freshness in Redis, as a stale copy (CACHE_STALE_SECONDS). */
  staleMs: number;
  /**
   * The pod's own bound on a wait for a render (half the data's hard timeout). A render's lock is
   * renewed for 2 × waitMs at most, and a waiter waits as long for a holder it sees.
   */
  waitMs: number;
  /** Longest wait, from the lookup, for a render whose lock this pod cannot see (looks without an answer). */
  clusterWaitMs?: number;
  /** The render lock's lifetime; renewed while the render runs, so a dead holder frees it within this. */
  lockTtlMs?: number;
  /** The first pause between two looks at a page another pod renders (doubled up to MAX_POLL_MS). */
  pollMs?: number;
  logger: { warn(obj: object, msg: string): void; debug(obj: object, msg: string): void };
  observe?: SharedPagesObserver;
}

const FIELDS_VERSION = "2";
/** A page's fields besides its bodies (z: gzip, b: brotli; cz, cb: their checksums). */
const META_FIELDS = ["v", "k", "a", "f", "s", "m", "c"] as const;
const MAX_PENDING_PURGES = 1000;
/** How long this pod remembers its writes, for purges it hears late (bus latency and a render's length, with room). */
const RECENT_WRITES_MS = 30_000;
const MAX_RECENT_WRITES = 10_000;
/** The cross-pod wait's default bound while the holder's lock is not seen (a look without an answer). */
const CLUSTER_WAIT_MS = 5000;
const MAX_POLL_MS = 200;
/** A page whose last render here was not shared (not cacheable, too large) renders without the lock this long. */
const UNSHARED_MS = 10_000;
const MAX_UNSHARED = 10_000;
/** The holder of a lock a look could not see (no answer in time). */
const UNSEEN_HOLDER = "(unseen)";
/**
 * The bound of a write, a lock's renewal and its release: off the request path (no visitor waits
 * on them; the lock holder's waiters do), so a reply late under load loses neither the page nor
 * the lock (a lapsed lock while its holder still renders made a second pod render the page).
 */
const BACKGROUND_TIMEOUT_MS = 1000;

interface PendingPurge {
  tags: readonly string[];
  all: boolean;
  mode: PurgeMode;
  before: number;
}

/** A look at a page in Redis: the page when its bodies were read, and who holds its render lock. */
interface Look {
  page: SharedPage | undefined;
  holder: string | undefined;
  /** The render start of a copy read and refused (a poll reads its bodies again only once it changed). */
  refused?: string;
}

/** A render of a page by this pod, from its turn to `done`. */
interface Rendering {
  shared: boolean;
}

export class SharedPages {
  private readonly writes = new Map<string, Promise<unknown>>();
  /** Pages this pod wrote lately (by identity): their tags and render start, for purges heard late. */
  private readonly recent = new Map<string, { tags: readonly string[]; startedAt: number }>();
  /** Renders in progress here, by page key (several at once after a failed one: page-renders.ts). */
  private readonly rendering = new Map<string, Set<Rendering>>();
  /** Page keys whose last render here was not shared, until when. */
  private readonly unshared = new Map<string, number>();
  private readonly pending: PendingPurge[] = [];
  private replayTimer: NodeJS.Timeout | undefined;
  private readonly lockTtlMs: number;
  private readonly pollMs: number;
  private readonly clusterWaitMs: number;
  /**
   * Longest wait for a holder whose lock is seen: 2 × waitMs, the data's hard timeout, which no
   * render's fetch outlasts, and the span the holder renews its lock for (renderHere). A waiter
   * that stopped sooner rendered the page a second time while the holder was still at it (a render
   * of 8 s on a loaded machine); one that waited longer would wait on a lock about to lapse.
   */
  private readonly holderWaitMs: number;
  private closed = false;

  constructor(private readonly options: SharedPagesOptions) {
    this.lockTtlMs = options.lockTtlMs ?? 3000;
    this.pollMs = options.pollMs ?? 20;
    this.clusterWaitMs = Math.min(options.clusterWaitMs ?? CLUSTER_WAIT_MS, options.waitMs);
    this.holderWaitMs = Math.max(this.clusterWaitMs, 2 * options.waitMs);
  }

  /** For /readyz: up (answering), down (the pod renders for itself). */
  get state(): "up" | "down" {
    return this.options.tier.up ? "up" : "down";
  }

  private identity(key: string): string {
    return `${this.options.variant()}\n${key}`;
  }

  /**
   * A memory miss: the page from Redis if a pod rendered it (`judge` keeps it in memory, refusing
   * a copy rendered before a purge this pod has heard of, fresh or stale), else this pod's turn to
   * render: with the lock (a token of this turn's own), or after waiting for the holder (while
   * its lock is there, within `holderWaitMs`), or without the lock when the page is not shared.
   */
  async turn(key: string, judge: PageJudge, encoding?: WantedEncoding): Promise<ClusterTurn> {
    const id = this.identity(key);
    const body = judge.keeps?.(this.options.maxEntryBytes) === false ? bodyField(encoding) : undefined;
    const start = Date.now();
    // When a look last saw the lock held: a holder is alive while its lock is (a dead one's lapses
    // within lockTtlMs); looks without an answer count as seeing it for one lifetime at most.
    let heldSeenAt = start;
    let pause = this.pollMs;
    let look: Look;
    try {
      look = await this.peek(id, body);
      this.options.observe?.lookup(!look.page ? "miss" : look.page.state === "fresh" ? "hit" : "stale");
    } catch (error) {
      if (!this.options.tier.up) return this.unavailable(key, id, error);
      look = this.unseen(undefined, error);
    }
    for (;;) {
      const { page, holder } = look;
      if (page?.state === "fresh" && judge.adopt(page))
        return { entry: page.entry, startedAt: page.startedAt, outcome: "page-hit-shared" };
      // Stale-while-revalidate across pods: another pod renders it again, this one serves the
      // copy whose time passed (never one a purge marked, nor one older than a purge heard here).
      if (page?.state === "stale" && holder && judge.current(page))
        return { entry: page.entry, startedAt: page.startedAt, outcome: "page-stale-shared" };
      if (page && page.state !== "purged" && !look.refused) look.refused = String(page.startedAt);
      if (!holder) {
        if (this.isUnshared(key)) return this.renderHere(key, id, undefined);
        const token = randomUUID();
        const locked = await this.options.tier.tryLock(id, token, this.lockTtlMs).catch(() => undefined);
        // No answer in time: the lock may be this turn's all the same; released by its token when done.
        if (locked !== false) return this.renderHere(key, id, token);
      }
      if (holder !== UNSEEN_HOLDER) heldSeenAt = Date.now();
      const alive = Date.now() - heldSeenAt < this.lockTtlMs;
      if (Date.now() + pause > start + (alive ? this.holderWaitMs : this.clusterWaitMs)) {
        this.options.logger.warn({ key }, "stopped waiting for another pod's render of this page; rendering it here");
        return this.renderHere(key, id, undefined);
      }
      await new Promise((resolve) => setTimeout(resolve, pause * (0.5 + Math.random() / 2)));
      pause = Math.min(pause * 2, MAX_POLL_MS);
      try {
        look = await this.poll(id, look.refused, body);
      } catch (error) {
        if (!this.options.tier.up) return this.unavailable(key, id, error);
        look = this.unseen(look, error);
      }
    }
  }

  /**
   * A look that got no answer in time while the tier is up (its breaker judges outages): one slow
   * answer under load is not one, and taken for "render here" it made two pods render a page
   * (tests/reliability/shared-pages.test.ts, on the Cluster). The page counts as held by someone;
   * the next look, after the pause, tells; the cross-pod bound still ends the wait.
   */
  private unseen(last: Look | undefined, error: unknown): Look {
    this.options.logger.debug({ err: (error as Error).message }, "shared page tier: a look got no answer in time");
    return { page: undefined, holder: UNSEEN_HOLDER, refused: last?.refused };
  }

  private unavailable(key: string, id: string, error: unknown): ClusterTurn {
    this.options.logger.debug({ key, err: (error as Error).message }, "shared page tier unavailable; rendering here");
    return this.renderHere(key, id, undefined);
  }

  /** A key whose last render here was not shared (uncacheable, too large): no lock for it a while. */
  private isUnshared(key: string): boolean {
    const until = this.unshared.get(key);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.unshared.delete(key);
    return false;
  }

  /**
   * This pod renders. With `token` (the lock is, or may be, this turn's): renewed until `done`,
   * then released by that token once the page is written, or at once when nothing is written.
   */
  private renderHere(key: string, id: string, token: string | undefined): ClusterTurn {
    const rendering: Rendering = { shared: false };
    const renders = this.rendering.get(key) ?? new Set<Rendering>();
    renders.add(rendering);
    this.rendering.set(key, renders);
    const tier = this.options.tier;
    const renewEvery = Math.max(50, this.lockTtlMs / 3);
    // A render never outlives the pod's own bound by much: a turn never finished stops renewing.
    let renewals = Math.ceil((2 * this.options.waitMs) / renewEvery);
    const renew =
      token === undefined
        ? undefined
        : setInterval(() => {
            if (--renewals < 0) return clearInterval(renew);
            void tier.extendLock(id, token, this.lockTtlMs, BACKGROUND_TIMEOUT_MS).catch(() => undefined);
          }, renewEvery);
    renew?.unref();
    let finished = false;
    return {
      done: () => {
        if (finished) return;
        finished = true;
        clearInterval(renew);
        renders.delete(rendering);
        if (renders.size === 0 && this.rendering.get(key) === renders) this.rendering.delete(key);
        if (rendering.shared) this.unshared.delete(key);
        else this.markUnshared(key);
        if (token === undefined) return;
        // Released after the write: a waiter that sees no lock and no page would render again.
        void Promise.resolve(rendering.shared ? this.writes.get(key) : undefined)
          .catch(() => undefined)
          .then(() => tier.releaseLock(id, token, BACKGROUND_TIMEOUT_MS))
          .catch(() => undefined);
      },
    };
  }

  private markUnshared(key: string): void {
    if (this.unshared.size >= MAX_UNSHARED) this.unshared.clear();
    this.unshared.set(key, Date.now() + UNSHARED_MS);
  }

  /** Keeps a page this pod rendered (and stored in memory) for the others; never waited for. */
  write(key: string, entry: PageEntry, startedAt: number): void {
    if (this.closed) return;
    const bytes = (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0);
    if (bytes > this.options.maxEntryBytes) {
      this.options.observe?.write("skipped");
      return;
    }
    for (const rendering of this.rendering.get(key) ?? []) rendering.shared = true;
    const id = this.identity(key);
    const fields = encodePage(id, entry, startedAt);
    this.remember(id, entry.tags, startedAt);
    const expiresAt = entry.freshUntil + this.options.staleMs;
    const written = this.options.tier
      .storeHash(id, startedAt, expiresAt, fields, entry.tags, BACKGROUND_TIMEOUT_MS)
      .then((stored) => this.options.observe?.write(stored ? "stored" : "skipped"))
      .catch((error: unknown) => {
        this.options.observe?.write("failed");
        this.options.logger.debug({ key, err: (error as Error).message }, "shared page tier: write failed");
      })
      .finally(() => {
        if (this.writes.get(key) === written) this.writes.delete(key);
      });
    this.writes.set(key, written);
  }

  /**
   * The page and its lock holder (one round trip); a corrupt page is dropped and reads as none.
   * With `body`, only that body is read (HMGET), or the other one when the page has not that one.
   */
  private async peek(id: string, body?: "z" | "b"): Promise<Look> {
    const tier = this.options.tier;
    let { hash, holder } = body ? await this.peekOne(id, body) : await tier.peekBytes(id);
    if (body && hash.v && !hash[body]) ({ hash, holder } = await this.peekOne(id, body === "z" ? "b" : "z"));
    if (Object.keys(hash).length === 0) return { page: undefined, holder };
    const page = decodePage(id, hash);
    if (!page) {
      this.options.logger.warn({ key: id.split("\n").at(-1) }, "shared page tier: dropped a corrupt entry");
      await this.options.tier.drop(id).catch(() => undefined);
    }
    return { page, holder };
  }

  /**
   * A waiter's look: the page's render start and freshness and the lock holder (a few bytes); the
   * bodies only when a copy is there that was not refused already and no purge marked.
   */
  private async poll(id: string, refused: string | undefined, body: "z" | "b" | undefined): Promise<Look> {
    const { values, holder } = await this.options.tier.peekFields(id, ["a", "f"]);
    const [startedAt, freshUntil] = values;
    if (!startedAt || !freshUntil || freshUntil === "0" || startedAt === refused)
      return { page: undefined, holder, refused };
    return this.peek(id, body);
  }

  /** The page's description and one body, as a hash (fields absent from the entry left out). */
  private async peekOne(id: string, body: "z" | "b"): Promise<{ hash: Record<string, Buffer>; holder?: string }> {
    const fields = [...META_FIELDS, body, `c${body}`];
    const { values, holder } = await this.options.tier.peekFieldBytes(id, fields);
    const hash: Record<string, Buffer> = {};
    fields.forEach((name, i) => values[i] && (hash[name] = values[i]));
    return { hash, holder };
  }

  /**
   * A purge this pod received: pages rendered at or before `before` (the purge's receipt; later
   * renders saw the purged content). Kept and retried while Redis cannot take it.
   */
  purge(tags: readonly string[], all: boolean, mode: PurgeMode, before = Date.now()): void {
    if (this.closed) return;
    const purge = { tags, all, mode, before };
    void this.apply(purge).catch(() => this.keep(purge));
  }

  /**
   * A purge another pod received and this one has just heard of: the pages this pod wrote whose
   * render began before now may show what the purge removed (they were rendered before the news
   * arrived, after the other pod's pass over Redis): marked here, by the pod that wrote them.
   */
  heard(tags: readonly string[], all: boolean, mode: PurgeMode, now = Date.now()): void {
    const tagSet = new Set(tags);
    const concerned = [...this.recent].filter(
      ([, w]) => w.startedAt <= now && (all || w.tags.some((t) => tagSet.has(t))),
    );
    if (concerned.length === 0 || this.closed) return;
    // Each only while it is still this pod's write (or older): a page rendered since by another
    // pod, under the same key, has a later render start and stays.
    void Promise.allSettled([...this.writes.values()])
      .then(() => Promise.all(concerned.map(([id, w]) => this.options.tier.purgeKeys([id], mode, w.startedAt))))
      .catch(() => undefined);
  }

  private remember(id: string, tags: readonly string[], startedAt: number): void {
    const horizon = Date.now() - RECENT_WRITES_MS;
    for (const [known, w] of this.recent) {
      if (w.startedAt >= horizon && this.recent.size < MAX_RECENT_WRITES) break;
      this.recent.delete(known);
    }
    this.recent.delete(id);
    this.recent.set(id, { tags, startedAt });
  }

  private async apply(purge: PendingPurge): Promise<void> {
    await Promise.allSettled([...this.writes.values()]);
    const tier = this.options.tier;
    if (purge.all) await tier.purgeAll(purge.mode, purge.before);
    else await tier.purgeTags(purge.tags, purge.mode, purge.before);
  }

  private keep(purge: PendingPurge): void {
    if (this.pending.length >= MAX_PENDING_PURGES)
      this.pending.splice(0, this.pending.length, { tags: [], all: true, mode: "hard", before: Date.now() });
    else this.pending.push(purge);
    if (this.replayTimer || this.closed) return;
    this.replayTimer = setInterval(() => void this.replay(), 500);
    this.replayTimer.unref();
  }

  private async replay(): Promise<void> {
    while (this.pending.length > 0 && this.options.tier.up) {
      try {
        await this.apply(this.pending[0]!);
        this.pending.shift();
      } catch {
        return;
      }
    }
    if (this.pending.length === 0) {
      clearInterval(this.replayTimer);
      this.replayTimer = undefined;
    }
  }

  close(): void {
    this.closed = true;
    clearInterval(this.replayTimer);
    this.options.tier.close();
  }
}

/** The checksum of a page's identity and description (c); each body has its own (cz, cb). */
function checksum(id: string, meta: string): string {
  return zlib.crc32(`${FIELDS_VERSION}\n${id}\n${meta}`).toString(16);
}

/** A body's checksum: its length and crc32 (a cut body fails). */
function bodySum(body: Buffer): string {
  return `${body.length}:${zlib.crc32(body).toString(16)}`;
}

/** The field of the body an answer in `encoding` is made from. */
function bodyField(encoding: WantedEncoding): "z" | "b" {
  return encoding === "br" ? "b" : "z";
}

function encodePage(id: string, entry: PageEntry, startedAt: number): (string | Buffer)[] {
  const meta = JSON.stringify({
    status: entry.status,
    contentType: entry.contentType,
    etag: entry.etag,
    tags: entry.tags,
    surrogateKey: entry.surrogateKey,
    freshSeconds: entry.freshSeconds,
    csp: entry.csp,
  });
  const fields: (string | Buffer)[] = [
    "v",
    FIELDS_VERSION,
    "k",
    id,
    "a",
    String(startedAt),
    "f",
    String(entry.freshUntil),
    "s",
    String(entry.storedAt),
    "m",
    meta,
  ];
  if (entry.gzip) fields.push("z", entry.gzip, "cz", bodySum(entry.gzip));
  if (entry.br) fields.push("b", entry.br, "cb", bodySum(entry.br));
  fields.push("c", checksum(id, meta));
  return fields;
}

/**
 * The page in a hash (all of it, or its description and one body), or undefined when it is not a
 * page of this version and identity whose description and bodies read are whole.
 */
function decodePage(id: string, hash: Record<string, Buffer>, now = Date.now()): SharedPage | undefined {
  const text = (name: string) => hash[name]?.toString("utf8");
  if (text("v") !== FIELDS_VERSION || text("k") !== id) return undefined;
  const meta = text("m") ?? "";
  const gzip = hash.z;
  const br = hash.b;
  if ((!gzip && !br) || text("c") !== checksum(id, meta)) return undefined;
  if ((gzip && text("cz") !== bodySum(gzip)) || (br && text("cb") !== bodySum(br))) return undefined;
  const startedAt = Number(text("a"));
  const freshUntil = Number(text("f"));
  const storedAt = Number(text("s"));
  if (![startedAt, freshUntil, storedAt].every(Number.isFinite)) return undefined;
  try {
    const m = JSON.parse(meta) as Omit<PageEntry, "gzip" | "br" | "storedAt" | "freshUntil">;
    if (
      typeof m.status !== "number" ||
      typeof m.contentType !== "string" ||
      typeof m.etag !== "string" ||
      !Array.isArray(m.tags)
    )
      return undefined;
    const entry: PageEntry = { ...m, storedAt, freshUntil, ...(gzip ? { gzip } : {}), ...(br ? { br } : {}) };
    return { entry, startedAt, state: freshUntil === 0 ? "purged" : freshUntil <= now ? "stale" : "fresh" };
  } catch {
    return undefined;
  }
}
