// A throwaway Debian `redis-server` for integration tests: its own free port, no persistence, and
// the faults the cache must survive on demand (kill, stop, restart on the same port, pause with
// SIGSTOP for a Redis that hangs without closing connections). Also a 3-master Redis Cluster, to
// prove that the cache's commands never cross slots. Never mocked: the point is the real protocol.
import { spawn, execFile, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import tls from "node:tls";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { have, requirePart } from "./requirements";
import { freePort } from "./site";
import { REDIS_IMAGE, dockerCli, forget, removeOnExit, useContainers } from "./containers";

const run = promisify(execFile);

/** True when redis-server is installed; a skip (with a note) otherwise, a failure with CI=true. */
export const hasRedisServer = () =>
  useContainers() ||
  requirePart(
    "redis-server",
    have("redis-server"),
    "apt-get install redis-server (Debian's package), or a Docker engine for testcontainers",
  );

export interface RedisServer {
  url: string;
  port: number;
  /** SIGTERM, wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL, wait for exit: a crash. */
  kill(): Promise<void>;
  /** Start again on the same port (empty: nothing is persisted). */
  restart(): Promise<void>;
  /** SIGSTOP / SIGCONT: connections stay open, nothing answers. */
  pause(): void;
  resume(): void;
}

/** A throwaway certificate authority and a server certificate for 127.0.0.1 (openssl), for TLS tests. */
export interface TestTls {
  dir: string;
  /** PEM files. */
  ca: string;
  cert: string;
  key: string;
}

export function makeTestTls(): TestTls {
  const dir = mkdtempSync(path.join(tmpdir(), "fc-tls-"));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "ignore" });
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.pem"),
    "-days",
    "2",
    "-subj",
    "/CN=fc-test-ca",
  );
  openssl(
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    file("server.key"),
    "-out",
    file("server.csr"),
    "-subj",
    "/CN=127.0.0.1",
  );
  writeFileSync(file("server.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  openssl(
    "x509",
    "-req",
    "-in",
    file("server.csr"),
    "-CA",
    file("ca.pem"),
    "-CAkey",
    file("ca.key"),
    "-CAcreateserial",
    "-out",
    file("server.pem"),
    "-days",
    "2",
    "-extfile",
    file("server.ext"),
  );
  return { dir, ca: file("ca.pem"), cert: file("server.pem"), key: file("server.key") };
}

/** redis-server / redis-sentinel settings: TLS only (no plain port), no client certificates, TLS to the other nodes too. */
function tlsSettings(port: number, t: TestTls): [string, string][] {
  return [
    ["port", "0"],
    ["tls-port", String(port)],
    ["tls-cert-file", t.cert],
    ["tls-key-file", t.key],
    ["tls-ca-cert-file", t.ca],
    ["tls-auth-clients", "no"],
    ["tls-replication", "yes"],
  ];
}

/** PING over a raw socket until "+PONG" (no client library in the way), after AUTH when given a password ("user password" for an ACL user). */
async function waitForPong(port: number, timeoutMs = 10_000, password?: string, withTls?: TestTls): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = withTls
        ? tls.connect({ port, host: "127.0.0.1", ca: readFileSync(withTls.ca) })
        : net.connect(port, "127.0.0.1");
      let seen = "";
      const done = (result: boolean) => {
        socket.destroy();
        resolve(result);
      };
      socket.setTimeout(500, () => done(false));
      socket.once("error", () => done(false));
      socket.once(withTls ? "secureConnect" : "connect", () =>
        socket.write(password ? `AUTH ${password}\r\nPING\r\n` : "PING\r\n"),
      );
      socket.on("data", (data) => {
        seen += data.toString();
        if (seen.includes("+PONG")) done(true);
        else if (seen.startsWith("-") || seen.includes("\r\n-")) done(false);
      });
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer PING within ${timeoutMs} ms`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

function spawnRedis(port: number, extra: string[]): ChildProcess {
  const child = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--loglevel",
      "warning",
      ...extra,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  child.stderr?.resume();
  return child;
}

/**
 * A Redis for one test file: in a container started by testcontainers when the integration project
 * asks for them and an engine answers (tests/support/containers.ts), else a local redis-server.
 * Both keep the port across restart() and offer the same faults: kill is SIGKILL, pause freezes
 * the process (SIGSTOP locally, `docker pause` — the cgroup freezer — in a container) while its
 * connections stay open.
 */
export async function startRedis(
  options: {
    port?: number;
    args?: string[];
    password?: string;
    tls?: TestTls;
    /** Users from an ACL file (in `args`): who PINGs it to see it up. */ user?: { name: string; password: string };
  } = {},
): Promise<RedisServer> {
  // Only a plain server: Cluster and Sentinel nodes announce addresses to each other (local only).
  if (useContainers() && !options.args?.length && !options.tls) return startRedisContainer(options);
  return startLocalRedis(options);
}

async function startRedisContainer(options: { port?: number; password?: string }): Promise<RedisServer> {
  const { GenericContainer, Wait } = await import("testcontainers");
  const port = options.port ?? (await freePort());
  // Each start is a new container on the same host port (127.0.0.1), where clients reconnect;
  // nothing is persisted, as with the local server. A stopped or killed one is removed at once.
  const launch = async () => {
    const container = await new GenericContainer(REDIS_IMAGE)
      .withCommand([
        "redis-server",
        "--save",
        "",
        "--appendonly",
        "no",
        "--loglevel",
        "warning",
        ...(options.password ? ["--requirepass", options.password] : []),
      ])
      .withExposedPorts({ container: 6379, host: port })
      .withWaitStrategy(Wait.forListeningPorts())
      .start();
    removeOnExit(container.getId());
    await waitForPong(port, 10_000, options.password);
    return container.getId();
  };
  let id: string | undefined = await launch();
  let paused = false;
  const end = (how: "stop" | "kill") => {
    if (!id) return;
    if (paused) dockerCli(["unpause", id]);
    paused = false;
    // stop: SIGTERM and wait; kill: SIGKILL (`rm --force`), a crash.
    if (how === "stop") dockerCli(["stop", "--time", "10", id]);
    dockerCli(["rm", "--force", id]);
    forget(id);
    id = undefined;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => end("stop"),
    kill: async () => end("kill"),
    async restart() {
      end("stop");
      id = await launch();
    },
    pause() {
      if (!id) return;
      dockerCli(["pause", id]);
      paused = true;
    },
    resume() {
      if (id && paused) dockerCli(["unpause", id]);
      paused = false;
    },
  };
}

async function startLocalRedis(
  options: {
    port?: number;
    args?: string[];
    password?: string;
    tls?: TestTls;
    user?: { name: string; password: string };
  } = {},
): Promise<RedisServer> {
  if (!have("redis-server")) throw new Error("redis-server is not installed (apt-get install redis-server)");
  const port = options.port ?? (await freePort());
  const args = [
    ...(options.args ?? []),
    ...(options.password ? ["--requirepass", options.password, "--masterauth", options.password] : []),
    ...(options.tls ? tlsSettings(port, options.tls).flatMap(([k, v]) => [`--${k}`, v]) : []),
  ];
  const auth = options.user ? `${options.user.name} ${options.user.password}` : options.password;
  let child = spawnRedis(port, args);
  await waitForPong(port, 10_000, auth, options.tls);

  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGCONT"); // a paused server would not act on SIGTERM
    child.kill(sig);
    await exited(child);
  };

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () => signal("SIGTERM"),
    kill: () => signal("SIGKILL"),
    async restart() {
      await signal("SIGTERM");
      child = spawnRedis(port, args);
      await waitForPong(port, 10_000, auth, options.tls);
    },
    pause: () => void child.kill("SIGSTOP"),
    resume: () => void child.kill("SIGCONT"),
  };
}

export interface RedisClusterServer {
  nodes: { host: string; port: number }[];
  stop(): Promise<void>;
}

/** Three masters, no replicas, slots spread by `redis-cli --cluster create`. */
export async function startRedisCluster(masters = 3): Promise<RedisClusterServer> {
  if (!have("redis-cli")) throw new Error("redis-cli is not installed (apt-get install redis-tools)");
  const dir = mkdtempSync(path.join(tmpdir(), "fc-redis-cluster-"));
  const servers: RedisServer[] = [];
  try {
    for (let i = 0; i < masters; i++) {
      const port = await freePort();
      servers.push(
        // A cluster's nodes announce their addresses to each other: local processes only.
        await startLocalRedis({
          port,
          args: [
            "--cluster-enabled",
            "yes",
            "--cluster-config-file",
            path.join(dir, `nodes-${port}.conf`),
            "--cluster-node-timeout",
            "2000",
            "--dir",
            dir,
          ],
        }),
      );
    }
    const addresses = servers.map((s) => `127.0.0.1:${s.port}`);
    await run("redis-cli", ["--cluster", "create", ...addresses, "--cluster-replicas", "0", "--cluster-yes"], {
      timeout: 30_000,
    });
    // Every node must agree the cluster is ok before a client may rely on it.
    const deadline = Date.now() + 20_000;
    for (const server of servers) {
      for (;;) {
        const { stdout } = await run("redis-cli", ["-p", String(server.port), "cluster", "info"]);
        if (stdout.includes("cluster_state:ok")) break;
        if (Date.now() > deadline) throw new Error("redis cluster did not reach cluster_state:ok");
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    nodes: servers.map((s) => ({ host: "127.0.0.1", port: s.port })),
    async stop() {
      await Promise.all(servers.map((s) => s.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** True when redis-sentinel is installed; a skip (with a note) otherwise, a failure with CI=true. */
export const hasRedisSentinel = () =>
  requirePart(
    "redis-sentinel",
    have("redis-server") && have("redis-sentinel"),
    "apt-get install redis-server redis-sentinel (Debian's packages)",
  );

export interface SentinelSet {
  /** `host:port,…` for REDIS_SENTINELS. */
  sentinels: string;
  name: string;
  master: RedisServer;
  replica: RedisServer;
  /** The port of the node the Sentinels name master now. */
  masterPort(): Promise<number>;
  stop(): Promise<void>;
}

export interface SentinelSetOptions {
  /** `requirepass` (and `masterauth`) of the master and the replica. */
  password: string;
  /** `requirepass` of the three Sentinels, which they also use between themselves. */
  sentinelPassword: string;
  /** How long a master may be silent before it is subjectively down (small: a test's failover). */
  downAfterMs?: number;
  /** Every node and Sentinel on TLS only (clients trust `tls.ca`). */
  tls?: TestTls;
}

/**
 * A master and a replica, both password-protected, watched by three Sentinels with a password of
 * their own (quorum 2): the shape of most production Sentinel deployments, from Debian's
 * `redis-server` and `redis-sentinel`. Resolves once the Sentinels know the replica and each other.
 */
export async function startSentinelSet(options: SentinelSetOptions): Promise<SentinelSet> {
  if (!have("redis-sentinel")) throw new Error("redis-sentinel is not installed (apt-get install redis-sentinel)");
  const { Redis } = await import("ioredis");
  const name = "fc-master";
  const dir = mkdtempSync(path.join(tmpdir(), "fc-sentinel-"));
  // Local processes: Sentinel reaches the replica at the address the master sees (not a container's).
  const master = await startLocalRedis({ password: options.password, tls: options.tls });
  const replica = await startLocalRedis({
    password: options.password,
    tls: options.tls,
    args: ["--replicaof", "127.0.0.1", String(master.port)],
  });
  const sentinels: { port: number; child: ChildProcess }[] = [];
  const stopAll = async () => {
    await Promise.all(
      sentinels.map(async ({ child }) => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill("SIGTERM");
          await exited(child);
        }
      }),
    );
    await Promise.all([master.stop(), replica.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
  const ask = async <T>(port: number, ...args: string[]): Promise<T> => {
    const client = new Redis({
      port,
      host: "127.0.0.1",
      password: options.sentinelPassword,
      tls: options.tls ? { ca: readFileSync(options.tls.ca) } : undefined,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on("error", () => undefined);
    try {
      await client.connect();
      return (await client.call(args[0]!, ...args.slice(1))) as T;
    } finally {
      client.disconnect();
    }
  };
  try {
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const file = path.join(dir, `sentinel-${port}.conf`);
      // Sentinel rewrites its file (known replicas, other Sentinels, the current epoch).
      writeFileSync(
        file,
        [
          `port ${port}`,
          ...(options.tls ? tlsSettings(port, options.tls).map(([k, v]) => `${k} ${v}`) : []),
          "bind 127.0.0.1",
          `dir ${dir}`,
          `sentinel monitor ${name} 127.0.0.1 ${master.port} 2`,
          `sentinel auth-pass ${name} ${options.password}`,
          `sentinel down-after-milliseconds ${name} ${options.downAfterMs ?? 1000}`,
          `sentinel failover-timeout ${name} 10000`,
          `sentinel parallel-syncs ${name} 1`,
          `requirepass ${options.sentinelPassword}`,
          "",
        ].join("\n"),
      );
      const child = spawn("redis-sentinel", [file, "--loglevel", "warning"], { stdio: ["ignore", "ignore", "pipe"] });
      child.stderr?.resume();
      sentinels.push({ port, child });
      await waitForPong(port, 10_000, options.sentinelPassword, options.tls);
    }
    const deadline = Date.now() + 30_000;
    for (const { port } of sentinels) {
      for (;;) {
        const replicas = await ask<unknown[]>(port, "SENTINEL", "REPLICAS", name).catch(() => []);
        const peers = await ask<unknown[]>(port, "SENTINEL", "SENTINELS", name).catch(() => []);
        if (replicas.length >= 1 && peers.length >= 2) break;
        if (Date.now() > deadline)
          throw new Error(`Sentinel ${port} did not learn the replica and its peers within 30 s`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    sentinels: sentinels.map((s) => `127.0.0.1:${s.port}`).join(","),
    name,
    master,
    replica,
    async masterPort() {
      const [, port] = await ask<[string, string]>(sentinels[0]!.port, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", name);
      return Number(port);
    },
    stop: stopAll,
  };
}
