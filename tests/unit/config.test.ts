import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, publicConfig } from "../../server/config";

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
  it("starts with the defaults of CONTRACT.md and nothing set", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.metricsPort).toBe(9464);
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.wpUrl).toBeUndefined();
    expect(config.redis).toEqual({ mode: "none" });
    expect(config.cache).toEqual({ freshSeconds: 60, staleSeconds: 86400, memoryMb: 64, pageCacheMb: 64 });
    expect(config.rootRedirect).toBeUndefined();
    expect(config.analytics).toBeUndefined();
    expect(config.recaptcha).toBeUndefined();
    expect(config.newsletter).toBeUndefined();
  });

  it("derives SITE_URL from PORT and WP_PUBLIC_URL from WP_URL", () => {
    const config = loadConfig({ PORT: "8080", WP_URL: "https://cms.example.com/" });
    expect(config.siteUrl).toBe("http://localhost:8080");
    expect(config.wpUrl).toBe("https://cms.example.com");
    expect(config.wpPublicUrl).toBe("https://cms.example.com");
  });

  it("names the variable of a malformed value", () => {
    expect(problems({ PORT: "eighty" })[0]).toMatch(/^PORT:/);
    expect(problems({ SITE_URL: "not a url" })[0]).toMatch(/^SITE_URL:/);
    expect(problems({ ROOT_REDIRECT_STATUS: "200" })[0]).toMatch(/^ROOT_REDIRECT_STATUS:/);
    expect(problems({ REDIS_URL: "http://redis" })[0]).toMatch(/^REDIS_URL:/);
  });

  it("refuses a half-configured integration, naming the missing variable", () => {
    expect(problems({ RECAPTCHA_SITE_KEY: "public" })).toEqual([expect.stringMatching(/^RECAPTCHA_SECRET: is required when RECAPTCHA_SITE_KEY is set/)]);
    expect(problems({ WP_APP_PASSWORD: "x" })).toEqual([expect.stringMatching(/^WP_USER:/)]);
    expect(problems({ NEWSLETTER_API_KEY: "k" }).map((p) => p.split(":")[0]).sort()).toEqual(["NEWSLETTER_API_URL", "NEWSLETTER_LIST_ID"]);
    expect(problems({ REDIS_URL: "redis://a:6379", REDIS_CLUSTER_NODES: "a:1,b:2" })[0]).toMatch(/only one/);
  });

  it("refuses CDN_PROVIDER=varnish without its addresses or with a short token, and reads the list", () => {
    expect(problems({ CDN_PROVIDER: "varnish", CDN_API_TOKEN: "edge-purge-token-0123" })).toEqual([expect.stringMatching(/^CDN_VARNISH_URLS: is required/)]);
    expect(problems({ CDN_PROVIDER: "varnish", CDN_VARNISH_URLS: "http://varnish:6081" })).toEqual([expect.stringMatching(/^CDN_API_TOKEN: is required/)]);
    expect(problems({ CDN_PROVIDER: "varnish", CDN_VARNISH_URLS: "http://varnish:6081", CDN_API_TOKEN: "short" })).toEqual([expect.stringMatching(/^CDN_API_TOKEN: must be at least 16/)]);
    expect(problems({ CDN_PROVIDER: "varnish", CDN_VARNISH_URLS: "varnish:6081", CDN_API_TOKEN: "edge-purge-token-0123" })[0]).toMatch(/^CDN_VARNISH_URLS/);
    const config = loadConfig({ CDN_PROVIDER: "varnish", CDN_VARNISH_URLS: "http://varnish-0:6081, http://varnish-1:6081/", CDN_API_TOKEN: "edge-purge-token-0123" });
    expect(config.cdn.varnishUrls).toEqual(["http://varnish-0:6081", "http://varnish-1:6081"]);
  });

  it("reads Sentinel and Cluster node lists", () => {
    expect(loadConfig({ REDIS_SENTINELS: "s1:26379,s2:26379", REDIS_SENTINEL_NAME: "main" }).redis).toMatchObject({
      mode: "sentinel",
      sentinels: [{ host: "s1", port: 26379 }, { host: "s2", port: 26379 }],
      name: "main",
    });
    expect(loadConfig({ REDIS_CLUSTER_NODES: "n1:7000,n2:7001" }).redis).toMatchObject({ mode: "cluster", nodes: [{ host: "n1", port: 7000 }, { host: "n2", port: 7001 }] });
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
});
