// The captcha client raises exactly the errors the error page names, and loads the provider's script once,
// only when asked. Browser access is injected: no DOM needed.
import { describe, expect, it, vi } from "vitest";
import {
  CAPTCHA_ERRORS,
  CAPTCHA_VERSION,
  createCaptchaClient,
  type CaptchaWindow,
  type Grecaptcha,
} from "../../app/lib/captcha-client";

const SCRIPT = "https://captcha.example/api.js";

function fakeProvider(execute: Grecaptcha["execute"] = async (_key, { action }) => `token-for-${action}`): Grecaptcha {
  return { ready: (cb) => cb(), execute };
}

describe("captcha client", () => {
  it("needs a key and a version", () => {
    expect(() => createCaptchaClient({ siteKey: undefined, version: CAPTCHA_VERSION, scriptUrl: SCRIPT })).toThrow(
      new Error("ReCaptcha error: No key provided"),
    );
    expect(() => createCaptchaClient({ siteKey: "", version: CAPTCHA_VERSION, scriptUrl: SCRIPT })).toThrow(
      CAPTCHA_ERRORS.noKey,
    );
    expect(() => createCaptchaClient({ siteKey: "key", version: undefined, scriptUrl: SCRIPT })).toThrow(
      new Error("ReCaptcha error: No version provided"),
    );
    expect(() => createCaptchaClient({ siteKey: "key", version: 0, scriptUrl: SCRIPT })).toThrow(
      CAPTCHA_ERRORS.noVersion,
    );
  });

  it("loads the script once, with the site key, and only when asked", async () => {
    const win: CaptchaWindow = {};
    const loadScript = vi.fn(async () => {
      win.grecaptcha = fakeProvider();
    });
    const client = createCaptchaClient({
      siteKey: "pub key",
      version: 3,
      scriptUrl: SCRIPT,
      loadScript,
      getWindow: () => win,
    });
    expect(loadScript).not.toHaveBeenCalled();
    await Promise.all([client.load(), client.load()]);
    expect(await client.execute("newsletter")).toBe("token-for-newsletter");
    expect(await client.execute("contact")).toBe("token-for-contact");
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript).toHaveBeenCalledWith(`${SCRIPT}?render=pub%20key`);
  });

  it("raises 'Failed to load script' when the script does not load, and tries again next time", async () => {
    const win: CaptchaWindow = {};
    let attempts = 0;
    const loadScript = vi.fn(async () => {
      attempts++;
      if (attempts === 1) throw new Error("network");
      win.grecaptcha = fakeProvider();
    });
    const client = createCaptchaClient({
      siteKey: "k",
      version: 3,
      scriptUrl: SCRIPT,
      loadScript,
      getWindow: () => win,
    });
    await expect(client.load()).rejects.toThrow(new Error("ReCaptcha error: Failed to load script"));
    await expect(client.execute("newsletter")).resolves.toBe("token-for-newsletter");
    expect(loadScript).toHaveBeenCalledTimes(2);
  });

  it("raises 'Failed to execute' when no token comes back", async () => {
    const cases: Grecaptcha["execute"][] = [
      async () => {
        throw new Error("Invalid site key");
      },
      async () => "",
    ];
    for (const execute of cases) {
      const win: CaptchaWindow = { grecaptcha: fakeProvider(execute) };
      const client = createCaptchaClient({
        siteKey: "k",
        version: 3,
        scriptUrl: SCRIPT,
        loadScript: async () => undefined,
        getWindow: () => win,
      });
      const error = await client.execute("newsletter").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe("ReCaptcha error: Failed to execute");
      expect((error as Error).cause).toBeInstanceOf(Error);
    }
  });

  it("raises 'Failed to execute' when the script loaded but defined nothing, or never gets ready", async () => {
    const empty = createCaptchaClient({
      siteKey: "k",
      version: 3,
      scriptUrl: SCRIPT,
      loadScript: async () => undefined,
      getWindow: () => ({}),
    });
    await expect(empty.execute("newsletter")).rejects.toThrow(CAPTCHA_ERRORS.execute);
    const stuck = createCaptchaClient({
      siteKey: "k",
      version: 3,
      scriptUrl: SCRIPT,
      timeoutMs: 20,
      loadScript: async () => undefined,
      getWindow: () => ({ grecaptcha: { ready: () => undefined, execute: async () => "t" } }),
    });
    await expect(stuck.execute("newsletter")).rejects.toThrow(CAPTCHA_ERRORS.execute);
  });

  it("refuses action names the provider would not accept", async () => {
    const client = createCaptchaClient({
      siteKey: "k",
      version: 3,
      scriptUrl: SCRIPT,
      loadScript: async () => undefined,
      getWindow: () => ({ grecaptcha: fakeProvider() }),
    });
    await expect(client.execute("news letter!")).rejects.toThrow(CAPTCHA_ERRORS.execute);
  });
});
