// A real Docker engine for the tests that run the image and the compose stack (tests/docker/) and
// for the testcontainers suites. The client is Debian's /usr/bin/docker when present (another
// client earlier in PATH may lack buildx), else `docker` from PATH (Docker Desktop); $DOCKER
// overrides both. Compose is v2 (`docker compose`) where the client has the plugin, else v1
// (`docker-compose`, Debian's 1.29); $COMPOSE overrides ("docker-compose" or "docker compose").
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { have, requirePart } from "./requirements";

export const DOCKER = process.env.DOCKER ?? (existsSync("/usr/bin/docker") ? "/usr/bin/docker" : "docker");

/** True when a Docker engine answers `docker info` (no skip, no failure: a probe). */
export function engineAnswers(): boolean {
  if (!DOCKER.startsWith("/") && !have(DOCKER)) return false;
  return (
    spawnSync(DOCKER, ["info", "--format", "{{.ServerVersion}}"], { stdio: "ignore", timeout: 20_000 }).status === 0
  );
}

let answered: boolean | undefined;
/** A reachable engine, or a skip (with what to do) — a failure with CI=true. */
export function hasDockerEngine(): boolean {
  answered ??= engineAnswers();
  return requirePart(
    "A Docker engine",
    answered,
    "install Docker (Debian: apt-get install docker.io, then `bash scripts/docker/engine.sh`; or Docker Desktop) and start it",
  );
}

export interface Result {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs the docker client; never throws on a non-zero exit (the caller asserts). */
export function docker(
  args: string[],
  options: { input?: string; timeout?: number; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Result {
  const result = spawnSync(DOCKER, args, {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: options.timeout ?? 120_000,
    input: options.input,
    env: options.env ?? process.env,
    cwd: options.cwd,
  });
  if (result.error) throw result.error;
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Like docker() but throws with the client's message on failure, and returns stdout trimmed. */
export function dockerOk(args: string[], options: Parameters<typeof docker>[1] = {}): string {
  const result = docker(args, options);
  if (result.status !== 0)
    throw new Error(`docker ${args.join(" ")} failed (${result.status}):\n${result.stderr || result.stdout}`);
  return result.stdout.trim();
}

/** The asynchronous form, for long commands (compose up) that must not block the event loop. */
export function dockerAsync(
  command: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeout?: number } = {},
): Promise<Result> {
  const [file, ...args] = command;
  return new Promise((resolve, reject) => {
    const child = spawn(file!, args, {
      env: options.env ?? process.env,
      cwd: options.cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill("SIGTERM"), options.timeout ?? 600_000);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ status: code ?? -1, stdout, stderr });
    });
  });
}

/** The compose command: v2's plugin where the client has it, else v1's docker-compose. */
export function composeCommand(): string[] {
  if (process.env.COMPOSE) return process.env.COMPOSE.split(" ");
  if (spawnSync(DOCKER, ["compose", "version"], { stdio: "ignore" }).status === 0) return [DOCKER, "compose"];
  if (have("docker-compose")) return ["docker-compose"];
  return [];
}

export function hasCompose(): boolean {
  return requirePart(
    "docker compose (v2 plugin) or docker-compose (v1)",
    composeCommand().length > 0,
    "apt-get install docker-compose (Debian's v1), or Docker Desktop's compose v2",
  );
}

/** The host port docker published for a container's port (`docker port`), on 127.0.0.1. */
export function publishedPort(container: string, port: number): number {
  const out = dockerOk(["port", container, `${port}/tcp`]);
  const match = /:(\d+)\s*$/m.exec(out.split("\n")[0]!);
  if (!match) throw new Error(`no published port for ${container} ${port}: ${out}`);
  return Number(match[1]);
}

/** `docker inspect --format`, trimmed. */
export function inspect(target: string, format: string): string {
  return dockerOk(["inspect", "--format", format, target]);
}

/** Waits for `check` to be true, polling; throws `message()` on timeout. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  message: () => string,
  everyMs = 250,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(message());
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Names of images present on the engine (repository:tag). */
export function imagePresent(name: string): boolean {
  return docker(["image", "inspect", name], { timeout: 20_000 }).status === 0;
}
