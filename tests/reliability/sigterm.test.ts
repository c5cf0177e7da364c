// SIGTERM under load: readiness turns 503 at once, every request in flight when the signal lands
// completes (200), no request gets a 5xx, and the process exits 0. WordPress answers slowly here
// (400 ms) and every request asks for a new search, so renders are long and many are in flight at
// the moment of the signal.
import net from "node:net";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { figure, load, probe, sleep } from "./support";

const ready = hasBuild();
let wp: FaultyWordPress;
let site: RunningSite;

/**
 * A connection with a request under way (headers not finished) before the signal, finished after
 * it: how a balancer's pooled connection asks for readiness once shutdown has begun. (A new
 * connection is refused at once: the listener is closed.)
 */
async function readinessAcrossSignal(port: number, signal: () => void): Promise<{ statusLine: string; body: string }> {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  let answer = "";
  socket.on("data", (d) => (answer += d.toString()));
  socket.on("error", () => undefined);
  socket.write("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  await sleep(50);
  signal();
  // The process has taken the signal when it says so (its event loop is busy rendering).
  for (let i = 0; i < 200 && !site.logs.some((l) => l.includes('"msg":"shutting down"')); i++) await sleep(10);
  socket.write("\r\n");
  for (let i = 0; i < 100 && !answer.includes("}"); i++) await sleep(20);
  socket.destroy();
  return { statusLine: answer.split("\r\n")[0] ?? "", body: answer.slice(answer.indexOf("\r\n\r\n") + 4) };
}

describe.runIf(ready)("SIGTERM under load", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    // TRUST_PROXY: each search below comes from a visitor of its own (searches are limited per visitor).
    site = await startSite({ WP_URL: wp.url, WP_TIMEOUT_MS: "5000", TRUST_PROXY: "1" });
    expect((await probe(`${site.url}/products`)).status).toBe(200); // menus, terms: cached
  });
  afterAll(async () => {
    if (site?.process.exitCode === null) await site.stop("SIGKILL");
    await wp?.close();
  });

  it("turns unready, finishes what is in flight, and exits 0", async () => {
    wp.setFault(/\/wp-json\//, { kind: "slow", ms: 400 });
    const exited = once(site.process, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    let signalAt = Infinity;
    const traffic = load({
      // A new search each time: a page-cache miss, a WordPress call, a full render.
      next: (n) => ({
        url: `${site.url}/products?q=vaso${n}`,
        init: { headers: { "X-Forwarded-For": `198.51.100.${n % 250}` } },
      }),
      concurrency: 16,
      until: () => Date.now() >= signalAt,
      timeoutMs: 20_000,
    });
    await sleep(1500);
    const readiness = await readinessAcrossSignal(site.port, () => {
      signalAt = Date.now();
      site.process.kill("SIGTERM");
    });
    const afterSignal = await probe(`${site.url}/products?q=late`, { timeoutMs: 5000 });
    const result = await traffic;
    const [code] = await exited;
    const drainMs = Date.now() - signalAt;
    wp.setFault(undefined);

    // In flight: sent at least 50 ms before the signal (so it had reached the server).
    const inFlight = result.outcomes.filter(
      (o) => o.startedAt <= signalAt - 50 && o.startedAt + o.durationMs >= signalAt,
    );
    const inFlightFailed = inFlight.filter((o) => o.status !== 200);
    const fiveHundreds = result.outcomes.filter((o) => o.status >= 500);
    figure("sigterm_requests", result.outcomes.length);
    figure("sigterm_inflight", inFlight.length);
    figure("sigterm_inflight_failed", inFlightFailed.length);
    figure("sigterm_5xx", fiveHundreds.length);
    figure("sigterm_readyz_after_signal", readiness.statusLine);
    figure(
      "sigterm_request_after_signal",
      afterSignal.status === 0 ? (afterSignal.error ?? "refused") : afterSignal.status,
    );
    figure("sigterm_drain_ms", drainMs);
    figure("sigterm_exit_code", String(code));

    expect(readiness.statusLine).toBe("HTTP/1.1 503 Service Unavailable");
    // The public port says only that it drains.
    expect(JSON.parse(readiness.body)).toEqual({ status: "draining" });
    expect(inFlight.length).toBeGreaterThan(0);
    expect(inFlightFailed.map((o) => `${o.url} ${o.status} ${o.error ?? ""}`)).toEqual([]);
    expect(fiveHundreds).toEqual([]);
    // A request after the signal is refused (a new connection), or answered on a connection that
    // was still open; never a 5xx.
    expect(afterSignal.status === 0 || afterSignal.status < 500).toBe(true);
    expect(code).toBe(0);
  });
});
