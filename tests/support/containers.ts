// testcontainers for the integration suites that need a service (Redis; MariaDB for the real
// WordPress): with FC_TESTCONTAINERS=auto (the integration project sets it) and a Docker engine
// reachable, the service runs in a container started by testcontainers from the images
// scripts/docker/images.sh made (or the official ones, on a machine that can pull); otherwise the
// suites use local processes (redis-server, the machine's MariaDB) with the same assertions.
// FC_TESTCONTAINERS=off forces the local processes.
//
// Invariants: Ryuk (testcontainers' reaper) is off — its image cannot be pulled here — so every
// container started here is removed by its owner (stop/teardown) or, at the latest, when this
// process exits; images are never pulled when present; clients reach them on 127.0.0.1.
import { spawnSync } from "node:child_process";
import { DOCKER, engineAnswers } from "./docker";

process.env.TESTCONTAINERS_RYUK_DISABLED ??= "true";
// The engine is local: without this testcontainers looks for its host by running a helper image
// (alpine), which it would try to pull.
process.env.TESTCONTAINERS_HOST_OVERRIDE ??= "127.0.0.1";

export const REDIS_IMAGE = process.env.FC_REDIS_IMAGE ?? "redis:7.4-alpine";
export const MARIADB_IMAGE = process.env.FC_MARIADB_IMAGE ?? "mariadb:11.4";

let engine: boolean | undefined;
/** True when the services should run in containers (see the header). */
export function useContainers(mode = process.env.FC_TESTCONTAINERS ?? "off"): boolean {
  if (mode !== "auto") return false;
  engine ??= engineAnswers() && spawnSync(DOCKER, ["image", "inspect", REDIS_IMAGE], { stdio: "ignore" }).status === 0;
  return engine;
}

const started = new Set<string>();
let hooked = false;
/** Removes the container when this process exits, whatever happened to the test (no Ryuk). */
export function removeOnExit(id: string): void {
  started.add(id);
  if (hooked) return;
  hooked = true;
  process.once("exit", () => {
    if (started.size) spawnSync(DOCKER, ["rm", "--force", "--volumes", ...started], { stdio: "ignore" });
  });
}
export function forget(id: string): void {
  started.delete(id);
}

/** `docker <args>` for the faults testcontainers has no verb for (kill, pause); throws on failure. */
export function dockerCli(args: string[]): void {
  const result = spawnSync(DOCKER, args, { encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0) throw new Error(`docker ${args.join(" ")}: ${result.stderr || result.error}`);
}
