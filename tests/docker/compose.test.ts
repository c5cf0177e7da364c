// docker-compose.yml for real: every service it defines (the edge included) comes up (compose v1
// here, v2 where the client has the plugin) from images built beforehand (`up --no-build`: v1
// cannot build with BuildKit), WordPress is seeded with the demo catalogue, the home page renders
// WordPress content (also through the edge), a restarted site renders it again from Redis alone
// (not one WordPress request), an edit made inside WordPress reaches the site through the plugin's
// signed webhook and the edge through the site's purge, and `down -v` leaves no container, network
// or volume behind. Published ports are free ones on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  composeCommand,
  docker,
  dockerAsync,
  hasCompose,
  hasDockerEngine,
  imagePresent,
  until,
} from "../support/docker";
import { freePort } from "../support/site";
import { ROOT } from "../integration/deploy/tools";

const ready = hasDockerEngine() && hasCompose();
// One project name: a run that crashed is cleaned up by the next one's first `down -v`. Two runs
// side by side on one engine (two clones on one machine) each take their own: FC_COMPOSE_PROJECT.
const PROJECT = process.env.FC_COMPOSE_PROJECT ?? "fc-ci";
const IMAGES = [
  "fc-site:local",
  "fc-site:build",
  "fc-varnish:local",
  "redis:7.4-alpine",
  "mariadb:11.4",
  "wordpress:6.8-php8.3-apache",
];

describe.runIf(ready)("docker-compose.yml on a Docker engine", () => {
  const compose = composeCommand();
  let env: NodeJS.ProcessEnv;
  let site = "";
  let metrics = "";
  let wordpress = "";
  let edge = "";
  let tornDown = false;

  const run = (args: string[], timeout = 600_000) =>
    dockerAsync([...compose, "--project-name", PROJECT, ...args], { env, cwd: ROOT, timeout });
  const runOk = async (args: string[], timeout?: number) => {
    const result = await run(args, timeout);
    if (result.status !== 0)
      throw new Error(
        `${compose.join(" ")} ${args.join(" ")} failed (${result.status}):\n${(result.stderr + result.stdout).slice(-4000)}`,
      );
    return result.stdout;
  };
  const logs = async (service: string) => (await run(["logs", "--no-color", service])).stdout.split("\n");
  /** The site's pino lines (compose prefixes them with the container's name). */
  const siteLines = async () =>
    (await logs("site")).map((l) => l.replace(/^[^|]*\|\s?/, "")).filter((l) => l.startsWith("{"));
  const metric = async (pattern: RegExp) => {
    const text = await (await fetch(metrics)).text();
    return [...text.matchAll(new RegExp(pattern.source, "gm"))].reduce((sum, m) => sum + Number(m[1]), 0);
  };
  const home = async (base = site) => {
    const res = await fetch(`${base}/`, { headers: { "accept-language": "en" }, redirect: "manual" });
    return { status: res.status, html: await res.text() };
  };

  beforeAll(async () => {
    for (const image of IMAGES)
      if (!imagePresent(image)) throw new Error(`${image} is not built: bash scripts/docker/images.sh`);
    env = {
      ...process.env,
      FC_HTTP_PORT: String(await freePort()),
      FC_METRICS_PORT: String(await freePort()),
      FC_WORDPRESS_PORT: String(await freePort()),
      FC_EDGE_PORT: String(await freePort()),
      // The compose file's own local defaults for secrets; LOG_LEVEL info keeps the request lines.
      LOG_LEVEL: "info",
    };
    site = `http://127.0.0.1:${env.FC_HTTP_PORT}`;
    metrics = `http://127.0.0.1:${env.FC_METRICS_PORT}/metrics`;
    wordpress = `http://127.0.0.1:${env.FC_WORDPRESS_PORT}`;
    edge = `http://127.0.0.1:${env.FC_EDGE_PORT}`;
    await run(["down", "--volumes", "--remove-orphans"], 120_000);
    const started = Date.now();
    await runOk(["up", "--detach", "--no-build"]);
    await until(
      () =>
        fetch(`${site}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      120_000,
      () => "the site did not become ready within 120 s of `up`",
      500,
    );
    console.log(`FIGURE compose stack up (seeded, site ready): ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }, 600_000);

  afterAll(async () => {
    if (!tornDown && env) await run(["down", "--volumes", "--remove-orphans"], 120_000);
  }, 180_000);

  it("runs every service the file defines: the long-lived ones healthy, the one-shots exited 0", async () => {
    const services = (await runOk(["config", "--services"])).split("\n").filter(Boolean).sort();
    expect(services).toEqual(["db", "redis", "site", "varnish", "wordpress", "wordpress-export", "wordpress-seed"]);
    for (const service of services) {
      const id = (await runOk(["ps", "--all", "-q", service])).trim().split("\n")[0]!;
      expect(id, `${service} has a container`).not.toBe("");
      const state = JSON.parse(docker(["inspect", "--format", "{{json .State}}", id]).stdout) as {
        Status: string;
        ExitCode: number;
        Health?: { Status: string };
      };
      if (service === "wordpress-export" || service === "wordpress-seed") {
        expect({ service, status: state.Status, exit: state.ExitCode }).toEqual({ service, status: "exited", exit: 0 });
      } else {
        expect({ service, status: state.Status }).toEqual({ service, status: "running" });
        if (!state.Health) continue;
        // The site's HEALTHCHECK first runs one interval after the start.
        await until(
          () => JSON.parse(docker(["inspect", "--format", "{{json .State.Health}}", id]).stdout)?.Status === "healthy",
          60_000,
          () => `${service} is not healthy`,
          1_000,
        );
      }
    }
    expect((await logs("wordpress-seed")).join("\n")).toContain("fc seed: done");
  }, 120_000);

  it("renders WordPress's content on / and serves it again from Redis alone after a restart", async () => {
    const collections = (await (await fetch(`${wordpress}/wp-json/wp/v2/collections?lang=en&per_page=100`)).json()) as {
      id: number;
      title: { rendered: string };
    }[];
    expect(collections.length).toBeGreaterThan(0);
    const first = await home();
    expect(first.status).toBe(200);
    const shown = collections.filter((c) => first.html.includes(c.title.rendered));
    expect(shown.length, "a collection from WordPress on the home page").toBeGreaterThan(0);
    // The same page through the edge (Varnish in front of the site).
    const edged = await home(edge);
    expect(edged.status).toBe(200);
    for (const c of shown) expect(edged.html).toContain(c.title.rendered);
    expect(await metric(/^wp_origin_requests_total\{[^}]*status="200"[^}]*\} (\S+)$/)).toBeGreaterThan(0);
    const readiness = (await (await fetch(metrics.replace(/\/metrics$/, "/readyz"))).json()) as {
      redis: string;
      wordpress: string;
    };
    expect(readiness).toMatchObject({ redis: "up", wordpress: "up" });
    expect(Number((await runOk(["exec", "-T", "redis", "redis-cli", "dbsize"])).trim())).toBeGreaterThan(0);

    // A new process has empty memory tiers: everything the page needs must come from Redis.
    await runOk(["restart", "site"], 120_000);
    await until(
      () =>
        fetch(`${site}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
      () => "the site did not come back after restart",
    );
    // Content requests only (the site also asks WordPress's REST index for its languages at start).
    const contentRequests = /^wp_origin_requests_total\{[^}]*rest_route="(?:wp\/v2|wuxt\/v1)[^}]*\} (\S+)$/;
    const before = await metric(contentRequests);
    const again = await home();
    expect(again.status).toBe(200);
    for (const c of shown) expect(again.html).toContain(c.title.rendered);
    expect(await metric(/^wp_cache_redis_up (\S+)$/)).toBe(1);
    expect(await metric(/^wp_cache_lookups_total\{tier="redis",result="hit"\} (\S+)$/)).toBeGreaterThan(0);
    expect(await metric(contentRequests), "WordPress content requests for / after the restart").toBe(before);
  }, 180_000);

  it("shows an edit made in WordPress on the next view, through the plugin's signed webhook", async () => {
    const collections = (await (await fetch(`${wordpress}/wp-json/wp/v2/collections?lang=en&per_page=100`)).json()) as {
      id: number;
      title: { rendered: string };
    }[];
    const before = await home();
    // A plain title (no entity WordPress would re-encode), shown on the home page.
    const target = collections.find(
      (c) => /^[A-Za-z ]+$/.test(c.title.rendered) && before.html.includes(c.title.rendered),
    )!;
    expect(target, "a collection with a plain title on the home page").toBeTruthy();
    const title = `${target.title.rendered}, edited in WordPress`;
    const purgesBefore = await metric(/^wp_cache_purges_total\{[^}]*\} (\S+)$/);
    // An editor's save, inside WordPress (its PHP, its plugins and hooks, its network): the seed
    // service's container has the fixture's command line. The plugin delivers at shutdown.
    const php = `wp_update_post(array('ID' => ${target.id}, 'post_title' => ${JSON.stringify(title).replace(/"/g, "'")})); return get_the_title(${target.id});`;
    const out = await runOk(
      [
        "run",
        "--rm",
        "--no-deps",
        "-T",
        "wordpress-seed",
        "php",
        "/fixture/wp.php",
        "--path=/var/www/html",
        "eval",
        php,
      ],
      120_000,
    );
    expect(out).toContain("edited in WordPress");
    // Fresh for CACHE_FRESH_SECONDS (60 s): only the purge can show the edit sooner.
    await until(
      async () => (await home()).html.includes(title),
      20_000,
      () => "the edit did not reach the site within 20 s",
    );
    // …and the edge, which the site purged by Surrogate-Key.
    await until(
      async () => (await home(edge)).html.includes(title),
      20_000,
      () => "the edit did not reach the edge within 20 s",
    );
    expect(await metric(/^wp_cache_purges_total\{[^}]*\} (\S+)$/)).toBeGreaterThan(purgesBefore);
    const webhook = (await siteLines()).filter((l) => l.includes('"path":"/api/cache/webhook"'));
    expect(
      webhook.some((l) => /"status":202/.test(l)),
      webhook.join("\n") || "no webhook request in the site's log",
    ).toBe(true);
    // Nothing logged at error level by the site throughout.
    expect((await siteLines()).filter((l) => /"level":(5|6)\d/.test(l))).toEqual([]);
  }, 120_000);

  it("tears down with its volumes", async () => {
    await runOk(["down", "--volumes", "--remove-orphans"], 180_000);
    tornDown = true;
    const label = `label=com.docker.compose.project=${PROJECT}`;
    expect(docker(["ps", "--all", "-q", "--filter", label]).stdout.trim()).toBe("");
    expect(docker(["volume", "ls", "-q", "--filter", label]).stdout.trim()).toBe("");
    expect(docker(["network", "ls", "-q", "--filter", label]).stdout.trim()).toBe("");
  }, 200_000);
});
