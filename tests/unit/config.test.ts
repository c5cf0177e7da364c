import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig as loadProduction, publicConfig } from "../../server/config";

// Most cases are about one variable, not about WordPress: they run as `npm start` does (the demo
// allowed). The fail-closed cases below use the production start's environment as it is.
const loadConfig = (env: Record<string, string>) => loadProduction({ DEMO_CATALOGUE: "true", ...env });

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("configuration", () => {
  it("starts with the documented defaults (docs/configuration.md) and nothing set", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.metricsPort).toBe(9464);
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.wpUrl).toBeUndefined();
    expect(config.redis).toEqual({ mode: "none" });
    expect(config.cache).toEqual({
      freshSeconds: 60,
      staleSeconds: 86400,
      memoryMb: 64,
      pageCacheMb: 64,
      pageCacheShared: false,
      pageCacheSharedMaxBytes: 512 * 1024,
    });
    expect(config.rootRedirect).toBeUndefined();
    expect(config.analytics).toBeUndefined();
    expect(config.recaptcha).toBeUndefined();
    expect(config.newsletter).toBeUndefined();
    expect(config.wpMaxConcurrency).toBe(16);
  });

  it("reads WP_MAX_CONCURRENCY as a count from 1 to 1024, and names it otherwise", () => {
    expect(loadConfig({ WP_MAX_CONCURRENCY: "4" }).wpMaxConcurrency).toBe(4);
    for (const bad of ["0", "-1", "2.5", "lots", "5000"])
      expect(problems({ WP_MAX_CONCURRENCY: bad })[0], bad).toMatch(/^WP_MAX_CONCURRENCY:/);
  });

  it("derives the demo's SITE_URL from PORT, and never takes WP_PUBLIC_URL from WP_URL (an internal address)", () => {
    const config = loadConfig({ PORT: "8080", WP_URL: "https://cms.example.com/" });
    expect(config.siteUrl).toBe("http://localhost:8080");
    expect(config.wpUrl).toBe("https://cms.example.com");
    expect(config.wpPublicUrl).toBeUndefined();
    expect(
      loadConfig({ WP_URL: "http://wordpress.internal", WP_PUBLIC_URL: "https://cms.example.com/" }).wpPublicUrl,
    ).toBe("https://cms.example.com");
  });

  it("names the variable of a malformed value", () => {
    expect(problems({ PORT: "eighty" })[0]).toMatch(/^PORT:/);
    expect(problems({ SITE_URL: "not a url" })[0]).toMatch(/^SITE_URL:/);
    expect(problems({ ROOT_REDIRECT_STATUS: "200" })[0]).toMatch(/^ROOT_REDIRECT_STATUS:/);
    expect(problems({ REDIS_URL: "http://redis" })[0]).toMatch(/^REDIS_URL:/);
  });

  it("gives /media/'s disk cache a folder under the temp dir and 512 MB, and refuses a relative folder or a bound too small", () => {
    const config = loadConfig({});
    expect(config.mediaCache.dir).toBe(path.join(os.tmpdir(), "fc-media-cache"));
    expect(config.mediaCache.maxBytes).toBe(512 * 1024 * 1024);
    expect(loadConfig({ MEDIA_CACHE_DIR: "/var/cache/fc", MEDIA_CACHE_MB: "2048" }).mediaCache).toEqual({
      dir: "/var/cache/fc",
      maxBytes: 2048 * 1024 * 1024,
    });
    expect(problems({ MEDIA_CACHE_DIR: "media-cache" }).join("\n")).toMatch(
      /MEDIA_CACHE_DIR: must be an absolute path/,
    );
    expect(problems({ MEDIA_CACHE_MB: "8" }).join("\n")).toMatch(/MEDIA_CACHE_MB/);
    expect(problems({ MEDIA_CACHE_MB: "lots" }).join("\n")).toMatch(/MEDIA_CACHE_MB/);
  });

  it("probes WordPress for /readyz every 10 s unless WP_PROBE_INTERVAL_MS says otherwise, and names it when malformed", () => {
    expect(loadConfig({}).wpProbeIntervalMs).toBe(10_000);
    expect(loadConfig({ WP_PROBE_INTERVAL_MS: "1000" }).wpProbeIntervalMs).toBe(1000);
    expect(problems({ WP_PROBE_INTERVAL_MS: "0" }).join("\n")).toMatch(/WP_PROBE_INTERVAL_MS/);
    expect(problems({ WP_PROBE_INTERVAL_MS: "often" }).join("\n")).toMatch(/WP_PROBE_INTERVAL_MS/);
  });

  it("sizes image transforms by MEDIA_TRANSFORMS (else the CPU quota) and MEDIA_MEMORY_MB (192), and names either when malformed", () => {
    expect(loadConfig({}).mediaTransforms).toEqual({ running: undefined, memoryBytes: 192 * 1024 * 1024 });
    expect(loadConfig({ MEDIA_TRANSFORMS: "3", MEDIA_MEMORY_MB: "320" }).mediaTransforms).toEqual({
      running: 3,
      memoryBytes: 320 * 1024 * 1024,
    });
    expect(problems({ MEDIA_TRANSFORMS: "0" }).join("\n")).toMatch(/MEDIA_TRANSFORMS/);
    expect(problems({ MEDIA_MEMORY_MB: "8" }).join("\n")).toMatch(/MEDIA_MEMORY_MB/);
  });

  it("refuses a half-configured integration, naming the missing variable", () => {
    expect(problems({ RECAPTCHA_SITE_KEY: "public" })).toEqual([
      expect.stringMatching(/^RECAPTCHA_SECRET: is required when RECAPTCHA_SITE_KEY is set/),
    ]);
    expect(problems({ WP_APP_PASSWORD: "x" })).toEqual([expect.stringMatching(/^WP_USER:/)]);
    expect(
      problems({ NEWSLETTER_API_KEY: "k" })
        .map((p) => p.split(":")[0])
        .sort(),
    ).toEqual(["NEWSLETTER_API_URL", "NEWSLETTER_LIST_ID"]);
    expect(problems({ REDIS_URL: "redis://a:6379", REDIS_CLUSTER_NODES: "a:1,b:2" })[0]).toMatch(/only one/);
  });

  it("refuses CDN_PROVIDER=varnish without its addresses or with a short token, and reads the list", () => {
    expect(problems({ CDN_PROVIDER: "varnish", CDN_API_TOKEN: "edge-purge-token-0123" })).toEqual([
      expect.stringMatching(/^CDN_VARNISH_URLS: is required/),
    ]);
    expect(problems({ CDN_PROVIDER: "varnish", CDN_VARNISH_URLS: "http://varnish:6081" })).toEqual([
      expect.stringMatching(/^CDN_API_TOKEN: is required/),
    ]);
    expect(
      problems({ CDN_PROVIDER: "varnish", CDN_VARNISH_URLS: "http://varnish:6081", CDN_API_TOKEN: "short" }),
    ).toEqual([expect.stringMatching(/^CDN_API_TOKEN: must be at least 16/)]);
    expect(
      problems({
        CDN_PROVIDER: "varnish",
        CDN_VARNISH_URLS: "varnish:6081",
        CDN_API_TOKEN: "edge-purge-token-0123",
      })[0],
    ).toMatch(/^CDN_VARNISH_URLS/);
    const config = loadConfig({
      CDN_PROVIDER: "varnish",
      CDN_VARNISH_URLS: "http://varnish-0:6081, http://varnish-1:6081/",
      CDN_API_TOKEN: "edge-purge-token-0123",
    });
    expect(config.cdn.varnishUrls).toEqual(["http://varnish-0:6081", "http://varnish-1:6081"]);
  });

  it("reads Sentinel and Cluster node lists", () => {
    expect(loadConfig({ REDIS_SENTINELS: "s1:26379,s2:26379", REDIS_SENTINEL_NAME: "main" }).redis).toMatchObject({
      mode: "sentinel",
      sentinels: [
        { host: "s1", port: 26379 },
        { host: "s2", port: 26379 },
      ],
      name: "main",
    });
    expect(loadConfig({ REDIS_CLUSTER_NODES: "n1:7000,n2:7001" }).redis).toMatchObject({
      mode: "cluster",
      nodes: [
        { host: "n1", port: 7000 },
        { host: "n2", port: 7001 },
      ],
    });
  });

  it("lets only public values reach the browser", () => {
    const config = loadConfig({
      WP_URL: "https://cms.example.com",
      WP_USER: "reader",
      WP_APP_PASSWORD: "abcd efgh ijkl mnop",
      PURGE_SECRET: "purge-secret-0123456789",
      ADMIN_TOKEN: "admin-token-0123456789",
      RECAPTCHA_SITE_KEY: "site-key",
      RECAPTCHA_SECRET: "captcha-secret",
      NEWSLETTER_API_URL: "https://api.example.com/v3",
      NEWSLETTER_API_KEY: "newsletter-key",
      NEWSLETTER_LIST_ID: "list",
    });
    const serialized = JSON.stringify(publicConfig(config, "3.0.0"));
    for (const secret of ["abcd efgh", "purge-secret", "admin-token", "captcha-secret", "newsletter-key", "reader"]) {
      expect(serialized).not.toContain(secret);
    }
    expect(serialized).toContain("site-key");
  });

  it("refuses the production start without WP_URL (the demo's invented company as if real), unless DEMO_CATALOGUE=true", () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadProduction(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    const site = { SITE_URL: "https://www.fc.example" };
    expect(refused(site)).toEqual([expect.stringMatching(/^WP_URL: is required in production.*DEMO_CATALOGUE=true/)]);
    expect(refused({ ...site, NODE_ENV: "production", DEMO_CATALOGUE: "false" })).toEqual([
      expect.stringMatching(/^WP_URL:/),
    ]);
    expect(loadProduction({ DEMO_CATALOGUE: "true" }).wpUrl).toBeUndefined();
    expect(loadProduction({ ...site, WP_URL: "https://cms.example.com" }).wpUrl).toBe("https://cms.example.com");
    // `npm run dev` serves the demo with nothing set.
    expect(loadProduction({ NODE_ENV: "development" }).wpUrl).toBeUndefined();
    expect(refused({ DEMO_CATALOGUE: "maybe" })[0]).toMatch(/^DEMO_CATALOGUE:/);
  });

  it("refuses the production start without SITE_URL (canonical and sitemap links on localhost); the demo keeps localhost", () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadProduction(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(refused({ WP_URL: "https://cms.example.com" })).toEqual([
      expect.stringMatching(/^SITE_URL: is required in production/),
    ]);
    expect(refused({ NODE_ENV: "production", WP_URL: "https://cms.example.com", DEMO_CATALOGUE: "false" })).toEqual([
      expect.stringMatching(/^SITE_URL:/),
    ]);
    expect(loadProduction({ WP_URL: "https://cms.example.com", SITE_URL: "https://www.fc.example/" }).siteUrl).toBe(
      "https://www.fc.example",
    );
    expect(loadProduction({ DEMO_CATALOGUE: "true", PORT: "8080" }).siteUrl).toBe("http://localhost:8080");
    expect(loadProduction({ NODE_ENV: "development" }).siteUrl).toBe("http://localhost:3000");
  });

  it("reads TRUST_PROXY as a hop count or a CIDR list, trusts no proxy by default, and refuses anything else", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,fd00::/8" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "fd00::/8",
    ]);
    for (const value of ["true", "*", "10.0.0.0/33", "10.0.0/8", "ingress", "1,2"]) {
      expect(problems({ TRUST_PROXY: value })[0], value).toMatch(/^TRUST_PROXY: must be a hop count/);
    }
  });

  it("reads the Sentinels' own credentials apart from the data nodes'", () => {
    expect(
      loadConfig({
        REDIS_SENTINELS: "s1:26379",
        REDIS_SENTINEL_NAME: "main",
        REDIS_PASSWORD: "data-pw",
        REDIS_SENTINEL_PASSWORD: "sentinel-pw",
        REDIS_SENTINEL_USERNAME: "watcher",
        REDIS_TLS: "true",
      }).redis,
    ).toEqual({
      mode: "sentinel",
      sentinels: [{ host: "s1", port: 26379 }],
      name: "main",
      password: "data-pw",
      sentinelUsername: "watcher",
      sentinelPassword: "sentinel-pw",
      tls: true,
    });
    expect(
      problems({ REDIS_SENTINELS: "s1:26379", REDIS_SENTINEL_NAME: "main", REDIS_SENTINEL_USERNAME: "watcher" }),
    ).toEqual([expect.stringMatching(/^REDIS_SENTINEL_PASSWORD: is required when REDIS_SENTINEL_USERNAME/)]);
    expect(problems({ REDIS_URL: "redis://r:6379", REDIS_SENTINEL_PASSWORD: "pw" })).toEqual([
      expect.stringMatching(/^REDIS_SENTINEL_PASSWORD: is only used with REDIS_SENTINELS/),
    ]);
  });
});
