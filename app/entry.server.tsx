// Server rendering. Every document is rendered completely before it is sent (onAllReady): pages
// are cached whole by the page cache and the CDN, and a complete document is what crawlers index.
// If even the error page fails to render, the last-resort page answers.
import { Writable } from "node:stream";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import enMessages from "../locales/en/common.json";
import itMessages from "../locales/it/common.json";
import { provideMessages } from "./lib/i18n";
import { lastResortHtml } from "../common/last-resort";
import { documentBytes } from "./lib/document-html";
import { siteContext } from "./lib/context";
import { routeIdOf } from "../common/route-table";

provideMessages("en", enMessages);
provideMessages("it", itMessages);

export const streamTimeout = 10_000;

/** A render waiting on I/O gives its turn up after this: the others must not wait with it. */
const RENDER_TURN_MAX_MS = 100;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Document renders take turns (the server's renderTurns, server/runtime/turns.ts). A turn ends
  // once the document is rendered, when rendering gives up, or after RENDER_TURN_MAX_MS if the
  // render is waiting on I/O.
  const takeTurn = await loadContext.get(siteContext).renderTurns.take();
  const turnCap = setTimeout(() => endTurn(), RENDER_TURN_MAX_MS);
  const endTurn = () => {
    clearTimeout(turnCap);
    takeTurn();
  };
  return new Promise<Response>((resolve, reject) => {
    let stream: ReturnType<typeof renderToPipeableStream> | undefined;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => stream?.abort(), streamTimeout + 1000);
    try {
      stream = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
        onAllReady() {
          endTurn();
          // Everything is ready, so the document is collected whole (its bytes, then one answer)
          // and its script preloads lowered: see documentBytes.
          // A plain Writable that keeps the chunks: React's flushes go nowhere else (a PassThrough
          // would take each through a readable side and a 'data' event first).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          body.on("finish", function collectDocument() {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const page = documentBytes(Buffer.concat(chunks));
            const bytes = new Uint8Array(page.buffer as ArrayBuffer, page.byteOffset, page.byteLength);
            resolve(new Response(bytes, { headers: responseHeaders, status: responseStatusCode }));
          });
          stream!.pipe(body);
        },
        onShellError(error: unknown) {
          endTurn();
          clearTimeout(timeoutId);
          renderLog(loadContext, request).error({ err: error }, "the document could not be rendered");
          resolve(
            new Response(lastResortHtml, {
              status: 500,
              headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
            }),
          );
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (!request.signal.aborted) renderLog(loadContext, request).error({ err: error }, "render error");
        },
      });
    } catch (error) {
      endTurn();
      clearTimeout(timeoutId);
      reject(error instanceof Error ? error : new Error(String(error))); // React Router answers with its error page
    }
  });
}

/** The request's log: pino's level, the request id, the path and the route id (its language included). */
function renderLog(context: RouterContextProvider, request: Request) {
  const path = new URL(request.url).pathname;
  return context
    .get(siteContext)
    .requestLog()
    .child({ path, routeId: routeIdOf(path) });
}

// Errors reach the operators' log; aborted requests (visitor went away) are noise, and an error
// answer a loader chose (404, the 503 of an unreachable WordPress: logged where it is made) is
// not a failure of the render.
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A 4xx thrown by a loader is an answer, and a 503 is WordPress's outage (logged at warn where
  // it is decided, server/content/outage.ts): neither is the site's own failure.
  if (isRouteErrorResponse(error) && (error.status < 500 || error.status === 503)) return;
  renderLog(context as RouterContextProvider, request).error({ err: error }, "render error");
};
