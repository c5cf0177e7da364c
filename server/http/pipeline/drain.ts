// Draining on shutdown (tests/reliability/sigterm.test.ts). server.close() on SIGTERM
// (server/shutdown.ts) closes the keep-alive connections idle at that instant, but one whose answer
// has just finished is not idle yet and would hold the drain until the 25 s forced exit (code 1).
// So once shutdown has begun, the connections that have gone idle are closed every 100 ms (Node's
// own closeIdleConnections), and answers that leave close their connection (request-log.ts).

import type { Server } from "node:http";

export interface Drain {
  /** Shutdown has begun. */
  readonly draining: boolean;
  /** The server a request came in on: the one whose idle connections are closed. */
  serving(server: Server | undefined): void;
}

export function createDrain(shuttingDown: () => boolean): Drain {
  let server: Server | undefined;
  const timer = setInterval(() => {
    if (shuttingDown()) server?.closeIdleConnections();
  }, 100);
  timer.unref();
  return {
    get draining() {
      return shuttingDown();
    },
    serving(from) {
      server ??= from;
    },
  };
}
