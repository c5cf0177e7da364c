// /readyz tells the truth about WordPress without any traffic: a background probe every
// WP_PROBE_INTERVAL_MS (10 s; here 1 s, so the test waits for no 10 s tick: the state is never
// older than the interval plus the probe's 5 s bound) sees WordPress die and come back, each
// change logged once; and
// with WP_USER / WP_APP_PASSWORD set, the probe checks them (users/me): WordPress ignoring them
// (application passwords over plain HTTP) or refusing them (wrong or revoked) turns readiness to
// "unauthorized", the log says which, and wp_origin_auth_failures_total grows — while the public
// pages WordPress still serves anonymously keep answering 200 (they never clear the verdict).
// Before the probe, readiness changed only when a page reached WordPress: it said "up" for as long
// as nobody visited after WordPress died.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, waitForLog, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { figure, metricValue, probe, readMetrics, sleep } from "./support";

const ready = hasBuild();
/** The probe's period here (the default, 10 s, is unit-tested in tests/unit/config.test.ts). */
const PROBE_INTERVAL_MS = 1000;
/** The bound on the state's age (docs/interfaces.md, "Probes": the interval and the probe's 5 s bound), and a second for a loaded machine's timers. */
const STATE_MAX_AGE_MS = PROBE_INTERVAL_MS + 5000 + 1000;
const PROBED = { WP_PROBE_INTERVAL_MS: String(PROBE_INTERVAL_MS) };

async function readiness(site: RunningSite): Promise<{ wordpress: string }> {
  return (await (await fetch(`${site.internalUrl}/readyz`)).json()) as { wordpress: string };
}

/** Polls /readyz (which never asks WordPress) until it names `state`; the milliseconds it took. */
async function readinessBecomes(site: RunningSite, state: string, limitMs = STATE_MAX_AGE_MS): Promise<number> {
  const started = Date.now();
  for (;;) {
    const seen = (await readiness(site)).wordpress;
    if (seen === state) return Date.now() - started;
    if (Date.now() - started > limitMs)
      throw new Error(`/readyz still says "${seen}" after ${limitMs} ms, not "${state}"`);
    await sleep(200);
  }
}

/** Content reads (the probe is not counted in byPath). */
const pagesAsked = (wp: FaultyWordPress) => [...wp.byPath.values()].reduce((sum, n) => sum + n, 0);

describe.runIf(ready)("readiness follows WordPress with no traffic", () => {
  let wp: FaultyWordPress;
  let site: RunningSite;
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    site = await startSite({ WP_URL: wp.url, ...PROBED });
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close().catch(() => undefined);
  });

  it("says down within a probe interval and its 5 s bound of WordPress dying, and up as soon after its return, logging each change once", async () => {
    expect(await readinessBecomes(site, "up")).toBeLessThan(STATE_MAX_AGE_MS);
    const asked = pagesAsked(wp);

    await wp.stop();
    const downMs = await readinessBecomes(site, "down");
    figure("readiness_down_after_ms", downMs);
    await wp.start();
    const upMs = await readinessBecomes(site, "up");
    figure("readiness_up_after_ms", upMs);

    // Nobody visited: the probe alone saw it (users/me only, no page reads).
    expect(pagesAsked(wp)).toBe(asked);
    expect(site.logs.filter((l) => l.includes('"msg":"WordPress is unreachable"'))).toHaveLength(1);
    expect(site.logs.filter((l) => l.includes('"msg":"WordPress answers"'))).toHaveLength(2); // at start, and on its return
  }, 60_000);
});

describe.runIf(ready)("the credential check", () => {
  let wp: FaultyWordPress;
  let site: RunningSite;
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    // Plain HTTP: WordPress 6.1 ignores application passwords there, and users/me says so.
    wp.setFault(/\/wp-json\/wp\/v2\/users\/me/, {
      kind: "status",
      status: 401,
      code: "rest_not_logged_in",
      message: "You are not currently logged in.",
    });
    site = await startSite({
      WP_URL: wp.url,
      WP_USER: "fc-reader",
      WP_APP_PASSWORD: "abcd efgh ijkl mnop qrst uvwx",
      ...PROBED,
    });
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close().catch(() => undefined);
  });

  it("says unauthorized from the start when WordPress ignores the credentials, and why, while public pages still answer", async () => {
    // Checked at start, before any visitor.
    expect((await readiness(site)).wordpress).toBe("unauthorized");
    const ignored = await waitForLog(site, (l) => l.includes('"problem":"ignored"'));
    expect(ignored).toContain("HTTPS");
    // WordPress serves the public catalogue anonymously: the page works, the verdict stays.
    expect((await probe(`${site.url}/products`)).status).toBe(200);
    expect((await readiness(site)).wordpress).toBe("unauthorized");
    expect(metricValue(await readMetrics(site.metricsUrl), "wp_origin_auth_failures_total")).toBeGreaterThan(0);
  });

  it("tells a refused password from an ignored one, and clears once WordPress takes the credentials", async () => {
    wp.setFault(/\/wp-json\/wp\/v2\/users\/me/, {
      kind: "status",
      status: 401,
      code: "incorrect_password",
      message: "The provided password is an invalid application password.",
    });
    const refused = await waitForLog(site, (l) => l.includes('"problem":"refused"'), STATE_MAX_AGE_MS);
    expect(refused).toContain("wrong or was revoked");
    expect((await readiness(site)).wordpress).toBe("unauthorized");

    wp.setFault(undefined);
    figure("readiness_credentials_fixed_after_ms", await readinessBecomes(site, "up"));
  }, 60_000);
});
