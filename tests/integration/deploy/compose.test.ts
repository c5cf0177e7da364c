// docker-compose.yml, checked structurally (tests/docker/compose.test.ts runs it on an engine; this
// file names what each part is for, and runs without one): the services of the local stack, their health checks and start
// order, and the wiring that makes publishing in WordPress purge the site — the plugin's
// constants point at the site's service and port, and its secret is the site's PURGE_SECRET.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, RUNTIME_ENV, cdnEnvNames, configEnvNames, readYaml } from "./tools";

type Service = {
  image?: string;
  build?: string | { context: string; target?: string };
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  command?: string[];
  user?: string;
  read_only?: boolean;
  restart?: string;
};

/** `${NAME:-default}` → its default; a plain value as it is. */
const defaultOf = (value: string) => /^\$\{[A-Z_]+:-(.+)\}$/.exec(value)?.[1] ?? value;

describe("docker-compose.yml", () => {
  const compose = readYaml(path.join(ROOT, "docker-compose.yml"))[0] as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const { services } = compose;
  const site = services.site!;
  const wordpress = services.wordpress!;
  const seed = services["wordpress-seed"]!;
  const exporter = services["wordpress-export"]!;

  it("has no top-level name (compose v1 refuses it; the project name comes from -p)", () => {
    expect(Object.keys(compose)).not.toContain("name");
  });

  it("has the site, Redis, MariaDB, WordPress and the one-shot export and seed, from official images", () => {
    expect(Object.keys(services).sort()).toEqual([
      "db",
      "redis",
      "site",
      "varnish",
      "wordpress",
      "wordpress-export",
      "wordpress-seed",
    ]);
    expect(site.build).toBe(".");
    expect(existsSync(path.join(ROOT, "Dockerfile"))).toBe(true);
    expect(services.redis!.image).toMatch(/^redis:\d/);
    expect(services.db!.image).toMatch(/^mariadb:\d/);
    expect(wordpress.image).toMatch(/^wordpress:\d[\w.-]*-apache$/);
    // The seed runs the fixture's PHP (docker/wordpress/wp.php) with WordPress's own image.
    expect(seed.image).toBe(wordpress.image);
    expect(seed.restart).toBe("no");
    // The export runs the demo catalogue's TypeScript in the image's build stage.
    expect(exporter.build).toEqual({ context: ".", target: "build" });
    expect(readFileSync(path.join(ROOT, "Dockerfile"), "utf8")).toMatch(/^FROM \S+ AS build$/m);
    expect(exporter.restart).toBe("no");
  });

  it("starts each service after what it needs is healthy, and the site after the seed finished", () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services, `${name} depends on ${dependency}`).toHaveProperty(dependency);
        expect(["service_healthy", "service_completed_successfully", "service_started"]).toContain(condition);
        if (condition === "service_healthy")
          expect(services[dependency]!.healthcheck, `${dependency} needs a healthcheck`).toBeTruthy();
      }
    }
    expect(site.depends_on).toEqual({
      redis: { condition: "service_healthy" },
      wordpress: { condition: "service_healthy" },
      "wordpress-seed": { condition: "service_completed_successfully" },
    });
    expect(seed.depends_on?.wordpress?.condition).toBe("service_healthy");
    expect(seed.depends_on?.["wordpress-export"]?.condition).toBe("service_completed_successfully");
    // The site image brings its own HEALTHCHECK (Dockerfile); the others check themselves.
    for (const name of ["redis", "db", "wordpress"]) expect(services[name]!.healthcheck?.test[0]).toBe("CMD");
  });

  it("configures the site with variables the server reads (server/environment.ts), and secrets that pass its checks", () => {
    const known = new Set([...configEnvNames(), ...cdnEnvNames(), ...RUNTIME_ENV]);
    const env = site.environment!;
    for (const key of Object.keys(env)) expect(known, key).toContain(key);
    expect(env.WP_URL).toBe("http://wordpress");
    expect(env.REDIS_URL).toBe("redis://redis:6379");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(defaultOf(env.PURGE_SECRET!).length).toBeGreaterThanOrEqual(16);
    expect(defaultOf(env.ADMIN_TOKEN!).length).toBeGreaterThanOrEqual(16);
    // On 127.0.0.1 only (WordPress's admin has local default passwords); the host port movable.
    expect(site.ports).toContain("127.0.0.1:${FC_HTTP_PORT:-3000}:3000");
    expect(wordpress.ports).toEqual(["127.0.0.1:${FC_WORDPRESS_PORT:-8080}:80"]);
    expect(site.read_only).toBe(true);
  });

  it("puts the edge (docker/varnish) in front of the site, purged by the site with the token the edge reads", () => {
    const varnish = services.varnish!;
    expect(varnish.build).toBe("docker/varnish");
    expect(varnish.image).toBe("fc-varnish:local");
    for (const file of ["Dockerfile", "default.vcl", "compose/fc-edge.vcl", "entrypoint.sh"])
      expect(existsSync(path.join(ROOT, "docker/varnish", file)), file).toBe(true);
    const edge = readFileSync(path.join(ROOT, "docker/varnish/compose/fc-edge.vcl"), "utf8");
    const backend = /\.host = "([^"]+)";\s*\.port = "(\d+)"/.exec(edge)!;
    expect(services).toHaveProperty(backend[1]!);
    expect(backend[2]).toBe("3000");
    const env = site.environment!;
    expect(env.CDN_PROVIDER).toBe("varnish");
    const target = new URL(env.CDN_VARNISH_URLS!);
    expect(target.hostname).toBe("varnish");
    expect(varnish.ports).toContain(`127.0.0.1:\${FC_EDGE_PORT:-${target.port}}:${target.port}`);
    expect(varnish.environment!.FC_PURGE_TOKEN).toBe(env.CDN_API_TOKEN);
    expect(defaultOf(env.CDN_API_TOKEN!).length).toBeGreaterThanOrEqual(16);
    expect(varnish.depends_on?.site?.condition).toBe("service_started");
  });

  it("points the publish hook at the site's webhook with the site's PURGE_SECRET", () => {
    for (const service of [wordpress, seed]) {
      const env = service.environment!;
      expect(env.FC_HEADLESS_SECRET).toBe(site.environment!.PURGE_SECRET);
      const target = new URL(env.FC_HEADLESS_SITE_URLS!);
      expect(services).toHaveProperty(target.hostname);
      expect(target.port).toBe("3000");
      expect(env.WORDPRESS_CONFIG_EXTRA).toContain("define('FC_HEADLESS_SITE_URLS', getenv('FC_HEADLESS_SITE_URLS'))");
      expect(env.WORDPRESS_CONFIG_EXTRA).toContain("define('FC_HEADLESS_SECRET', getenv('FC_HEADLESS_SECRET'))");
      // "View" links in wp-admin go to the site as a browser reaches it.
      expect(env.FC_HEADLESS_PUBLIC_URL).toBe(site.environment!.SITE_URL);
      expect(env.WORDPRESS_CONFIG_EXTRA).toContain(
        "define('FC_HEADLESS_PUBLIC_URL', getenv('FC_HEADLESS_PUBLIC_URL'))",
      );
      expect(env.WORDPRESS_DB_HOST).toBe("db:3306");
      expect(env.WORDPRESS_DB_PASSWORD).toBe(services.db!.environment!.MARIADB_PASSWORD);
    }
  });

  it("mounts the fc-headless plugin, the fixture's mu-plugins, theme and seed script, and they exist", () => {
    const mounts = [
      "./wordpress/fc-headless:/var/www/html/wp-content/plugins/fc-headless:ro",
      "./docker/wordpress/mu-plugins:/var/www/html/wp-content/mu-plugins:ro",
      "./docker/wordpress/theme/fc-blank:/var/www/html/wp-content/themes/fc-blank:ro",
    ];
    for (const service of [wordpress, seed]) {
      expect(service.volumes).toContain("wordpress-html:/var/www/html");
      for (const mount of mounts) expect(service.volumes).toContain(mount);
    }
    expect(seed.volumes).toContain("./docker/wordpress:/fixture:ro");
    expect(seed.volumes).toContain("seed-data:/seed:ro");
    expect(seed.environment!.FC_SEED_CATALOGUE).toBe("/seed/catalogue.json");
    expect(seed.command).toEqual(["sh", "/fixture/seed.sh"]);
    expect(seed.user).toBe("33:33");
    expect(exporter.volumes).toEqual(["seed-data:/seed", "wordpress-html:/var/www/html"]);
    expect(exporter.command!.join(" ")).toContain(
      "docker/wordpress/export-demo.ts --json /seed/catalogue.json --uploads /var/www/html/wp-content/uploads",
    );
    expect(Object.keys(compose.volumes).sort()).toEqual(["db-data", "seed-data", "wordpress-html"]);
    for (const hostPath of [
      "wordpress/fc-headless",
      "docker/wordpress/mu-plugins",
      "docker/wordpress/theme/fc-blank",
      "docker/wordpress/export-demo.ts",
      "docker/wordpress/seed.sh",
    ]) {
      expect(
        existsSync(path.join(ROOT, hostPath)),
        `${hostPath} (the WordPress fixture) must exist for \`docker compose up\``,
      ).toBe(true);
    }
  });

  it("keeps secrets out of the file apart from local defaults", () => {
    const text = readFileSync(path.join(ROOT, "docker-compose.yml"), "utf8");
    const secrets = [...text.matchAll(/^\s*([A-Z_]*(?:SECRET|TOKEN|PASSWORD)[A-Z_]*):\s*(\S+)/gm)];
    expect(secrets.length).toBeGreaterThan(4);
    for (const match of secrets) {
      const value = match[2]!;
      expect(
        value.startsWith("*") || value.startsWith("${") || value === '"1"',
        `${match[0]} should come from the environment`,
      ).toBe(true);
    }
  });
});
