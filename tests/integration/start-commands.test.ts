// The two ways the server is started, and what each does without WordPress (README "Quick start",
// DEMO_CATALOGUE): the production start as the image and the chart run it
// (`node build/node/main.js`, NODE_ENV=production) refuses without WP_URL — exit 78, a message
// naming the variable — instead of serving the demo catalogue's invented products, company and VAT
// number as if they were real, and without SITE_URL — instead of naming localhost in every canonical,
// hreflang, Open Graph and sitemap link; the README's quick start (`npm start`) still serves the
// demo with nothing set. WordPress's internal address (WP_URL) never reaches a page: the preconnect,
// feed and pingback links name WP_PUBLIC_URL, or are left out.
import { spawn, spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { freePort, startSite, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";

const ready = hasBuild();

/** This process's environment without anything that would say where WordPress is or allow the demo. */
function bareEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of [
    "WP_URL",
    "SITE_URL",
    "WP_PUBLIC_URL",
    "DEMO_CATALOGUE",
    "NODE_ENV",
    "REDIS_URL",
    "REDIS_SENTINELS",
    "REDIS_CLUSTER_NODES",
  ])
    if (!(name in extra)) delete env[name];
  return env;
}

describe.runIf(ready)("starting without WP_URL", () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()));
  });

  for (const [what, env] of [
    ["NODE_ENV=production", { NODE_ENV: "production" }],
    ["NODE_ENV unset (production is the default)", {}],
    ["DEMO_CATALOGUE=false", { NODE_ENV: "production", DEMO_CATALOGUE: "false" }],
  ] as const) {
    it(`refuses the production start (${what}): exit 78, naming WP_URL and DEMO_CATALOGUE`, async () => {
      const run = spawnSync(process.execPath, ["build/node/main.js"], {
        env: bareEnv({ ...env, PORT: String(await freePort()), METRICS_PORT: String(await freePort()) }),
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(run.status).toBe(78);
      expect(run.stderr).toMatch(/WP_URL: is required in production/);
      expect(run.stderr).toMatch(/DEMO_CATALOGUE=true/);
    });
  }

  it("refuses a media cache folder it cannot write: exit 78, naming MEDIA_CACHE_DIR", async () => {
    const run = spawnSync(process.execPath, ["build/node/main.js"], {
      env: bareEnv({
        NODE_ENV: "production",
        DEMO_CATALOGUE: "true",
        MEDIA_CACHE_DIR: "/dev/null/fc-media-cache",
        PORT: String(await freePort()),
        METRICS_PORT: String(await freePort()),
      }),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toMatch(/MEDIA_CACHE_DIR: \/dev\/null\/fc-media-cache cannot be written/);
  });

  it("refuses the production start with WP_URL but without SITE_URL: exit 78, naming SITE_URL", async () => {
    const run = spawnSync(process.execPath, ["build/node/main.js"], {
      env: bareEnv({
        NODE_ENV: "production",
        WP_URL: "http://wordpress.internal:8080",
        PORT: String(await freePort()),
        METRICS_PORT: String(await freePort()),
      }),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toMatch(/SITE_URL: is required in production/);
    expect(run.stderr).not.toMatch(/WP_URL:/);
  });

  it("serves the demo catalogue with `npm start` and nothing set", async () => {
    const port = await freePort();
    const logs: string[] = [];
    // Its own process group: npm runs a shell that runs node; the whole group is stopped.
    const child = spawn("npm", ["start"], {
      env: bareEnv({ PORT: String(port), METRICS_PORT: String(await freePort()) }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    stops.push(async () => {
      if (child.exitCode !== null) return;
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    });
    child.stdout.on("data", (c: Buffer) => logs.push(c.toString()));
    child.stderr.on("data", (c: Buffer) => logs.push(c.toString()));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 170_000; // a build first if a source is newer than build/
    let page: Response | undefined;
    while (!page) {
      if (child.exitCode !== null)
        throw new Error(`npm start exited with ${child.exitCode}:\n${logs.join("").slice(-3000)}`);
      page = await fetch(`${url}/about`).catch(() => undefined);
      if (!page) {
        if (Date.now() > deadline)
          throw new Error(`npm start did not answer within 170 s:\n${logs.join("").slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");
    // It says what it serves.
    expect(logs.join("")).toMatch(/serving the bundled demo catalogue/);
  }, 180_000);
});

describe.runIf(ready)("WordPress's addresses in a page", () => {
  let wp: FaultyWordPress;
  let site: RunningSite | undefined;
  afterAll(async () => {
    await site?.stop();
    await wp?.close().catch(() => undefined);
  });

  /** The preconnect, feed and pingback links of a page. */
  const contentHostLinks = (html: string) =>
    [...html.matchAll(/<link\b[^>]*rel="(?:preconnect|alternate|pingback)"[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !/hreflang=/i.test(tag));

  it("leaves the preconnect, feed and pingback links out without WP_PUBLIC_URL, and never names WP_URL", async () => {
    wp = await startFaultyWordPress();
    site = await startSite({ WP_URL: wp.url, SITE_URL: "https://www.fc.example" });
    const html = await (await fetch(`${site.url}/about`)).text();
    expect(html).toContain("<html");
    expect(contentHostLinks(html)).toEqual([]);
    expect(html).not.toContain(wp.url);
    expect(html).toContain('href="https://www.fc.example/about"');
    await site.stop();

    site = await startSite({
      WP_URL: wp.url,
      SITE_URL: "https://www.fc.example",
      WP_PUBLIC_URL: "https://cms.fc.example",
    });
    const withPublic = await (await fetch(`${site.url}/about`)).text();
    expect(contentHostLinks(withPublic)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('href="https://cms.fc.example"'),
        expect.stringContaining('href="https://cms.fc.example/feed/"'),
        expect.stringContaining('href="https://cms.fc.example/xmlrpc.php"'),
      ]),
    );
    expect(withPublic).not.toContain(wp.url);
  }, 120_000);
});
