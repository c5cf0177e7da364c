// SIGTERM (and SIGINT): readiness turns 503 at once so the balancer stops sending, in-flight
// requests finish, then the process leaves. A second signal, or 25 s, forces the exit.
import type { Server } from "node:http";
import type { Logger } from "./logger";

export function exitOnSignals(options: {
  server: Server;
  logger: Logger;
  /** Called first: readiness answers 503 from now on. */
  beginDraining(): void;
  /** Once every request has finished: close what the process holds. */
  close(): Promise<void>;
}): void {
  const { server, logger } = options;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    options.beginDraining();
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    server.close(async () => {
      await options.close();
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
