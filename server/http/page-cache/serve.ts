// Serving from the page cache: the hit path in front of express, the same inside express after
// the language decision, and the waiters of a render in progress (request collapsing).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import type { PageRenders, RenderTurn } from "./page-renders";
import { lookupKey } from "./key";
import { matchesEtag, pickEncoding } from "./negotiation";
import type { PageCache, PageEntry } from "./store";
import type { SharedPages } from "./shared";

export interface PageHeaders {
  /**
   * Cache headers for a page of this status, Surrogate-Key and freshness (docs/interfaces.md "Page
   * responses"); a private answer (the language decision at /) is never public.
   */
  (
    res: ServerResponse,
    status: number,
    surrogateKey: string,
    freshSeconds: number | undefined,
    privateAnswer?: boolean,
  ): void;
}

/** Requests the hit path has looked up already (and missed): the router stores them under this key. */
const lookedUp = new WeakMap<IncomingMessage, string>();

/** Answers a fresh entry: its precompressed body, or 304 on a matching ETag. */
function answer(
  req: IncomingMessage,
  res: ServerResponse,
  cache: PageCache,
  key: string,
  entry: PageEntry,
  setPageHeaders: PageHeaders,
  privateAnswer: boolean,
  outcome = "page-hit",
): void {
  res.statusCode = entry.status;
  res.setHeader("Content-Type", entry.contentType);
  setPageHeaders(res, entry.status, entry.surrogateKey, entry.freshSeconds, privateAnswer);
  res.setHeader("ETag", entry.etag);
  if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
  res.setHeader("Vary", privateAnswer ? "Accept-Encoding, Cookie, Accept-Language" : "Accept-Encoding");
  res.setHeader("Server-Timing", `cache;desc="${outcome}", age;dur=${Date.now() - entry.storedAt}`);
  if (matchesEtag(req, entry.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = pickEncoding(req);
  const body = cache.encoded(key, entry, encoding);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The hit path, in front of express (server/main.ts): a fresh page is answered from memory with
 * nothing but the request's log line and metrics around it. Express and its middleware cost
 * about half of a hit's time (bench: 0.44 of the bare-Node ceiling inside express). Whatever
 * needs more — `/` (the language decision), paths with a trailing slash, misses — returns false
 * and goes through express; a miss is not looked up twice.
 */
export function answerPageHit(cache: PageCache, setPageHeaders: PageHeaders) {
  return (req: IncomingMessage, res: ServerResponse, pathname: string, search: string): boolean => {
    if (!cache.enabled || pathname === "/" || pathname.endsWith("/")) return false;
    const key = lookupKey(req, pathname, search);
    if (key === undefined) return false;
    const entry = cache.get(key);
    if (!entry) {
      lookedUp.set(req, key);
      return false;
    }
    answer(req, res, cache, key, entry, setPageHeaders, false);
    return true;
  };
}

/**
 * The same inside express, after the language decision at / (whose answer is private): a hit is
 * answered before the router runs; a miss leaves its key for capturePages to store under. With
 * `renders`, a GET that misses while the same key is being rendered waits for that render and is
 * answered from its entry (page-renders.ts); `onCollapsed` counts those answers.
 */
export function servePageCache(
  cache: PageCache,
  setPageHeaders: PageHeaders,
  renders?: PageRenders,
  onCollapsed?: (req: Request) => void,
  shared?: SharedPages,
): RequestHandler {
  return (req, res, next) => {
    if (!cache.enabled) return next();
    const known = lookedUp.get(req);
    const key = known ?? lookupKey(req, req.path, req.originalUrl.split("?")[1] ?? "");
    if (key === undefined) return next();
    res.locals.pageCacheKey = key;
    const entry = known === undefined ? cache.get(key) : undefined;
    if (entry) {
      res.locals.cacheOutcome = "page-hit";
      return answer(req, res, cache, key, entry, setPageHeaders, res.locals.privateAnswer === true);
    }
    res.locals.cacheOutcome = "page-miss";
    // Only a GET stores what it renders (capturePages), so only a GET leads or waits.
    if (!renders || req.method !== "GET") return next();
    const proceed = (turn: RenderTurn) => {
      if (turn.entry) {
        res.locals.cacheOutcome = "page-collapsed";
        onCollapsed?.(req);
        return answer(
          req,
          res,
          cache,
          key,
          turn.entry,
          setPageHeaders,
          res.locals.privateAnswer === true,
          "page-collapsed",
        );
      }
      if (!shared) return renderHere(req, res, next, turn.finished);
      // This pod's one request for the page asks the cluster: another pod's render, or its turn.
      shared
        .turn(
          key,
          {
            adopt: (page) => cache.adopt(key, page.entry, page.startedAt),
            current: (page) => !cache.predatesPurge(page.entry.tags, page.startedAt),
            keeps: (bytes) => cache.keeps(bytes),
          },
          pickEncoding(req),
        )
        .then((found) => {
          // An encoding made for this answer is written back with the page's render start.
          const cluster = found.entry
            ? { ...found, entry: { ...found.entry, renderStartedAt: found.startedAt } }
            : found;
          if (!cluster.entry) return renderHere(req, res, next, () => (turn.finished(), cluster.done()));
          res.locals.cacheOutcome = cluster.outcome;
          turn.finished();
          answer(
            req,
            res,
            cache,
            key,
            cluster.entry,
            setPageHeaders,
            res.locals.privateAnswer === true,
            cluster.outcome,
          );
        }, next);
    };
    const turn = renders.arrive(key);
    if ("then" in turn) turn.then(proceed, next);
    else proceed(turn);
  };
}

/** This request renders; `finished` once its answer is stored (or it ended without one). */
function renderHere(req: IncomingMessage, res: ServerResponse, next: () => void, finished: () => void): void {
  // A visitor who left while waiting has had its 'close' already: nothing to render for, and
  // the turn goes back at once (a turn never returned would hold its key's flight for good).
  if (req.socket.destroyed || res.destroyed || res.writableEnded) return finished();
  // 'close' follows 'finish', where capturePages stores the entry; it also comes when the
  // visitor leaves first. Either way the waiters learn the outcome.
  res.once("close", finished);
  next();
}
