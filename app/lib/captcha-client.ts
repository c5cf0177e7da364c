// The captcha client (v3, invisible, badge hidden). The provider's script is
// loaded only when a visitor starts using a form (focus or input), and each form asks a token
// for its own named action, which the server checks (server/integrations/captcha-verifier.ts). Errors are
// the four CAPTCHA_ERRORS sentences, word for word. Browser access is injected (`loadScript`, `getWindow`) so the logic is
// tested without a DOM.

export const CAPTCHA_VERSION = 3;

export const CAPTCHA_ERRORS = {
  noKey: "ReCaptcha error: No key provided",
  noVersion: "ReCaptcha error: No version provided",
  loadScript: "ReCaptcha error: Failed to load script",
  execute: "ReCaptcha error: Failed to execute",
} as const;

export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
}

export interface CaptchaWindow {
  grecaptcha?: Grecaptcha;
}

export interface CaptchaClientOptions {
  siteKey: string | undefined;
  version: number | undefined;
  /** The provider's script (`?render={siteKey}` is appended). */
  scriptUrl: string;
  loadScript?: (url: string) => Promise<void>;
  getWindow?: () => CaptchaWindow;
  /** How long `ready` and `execute` may take. */
  timeoutMs?: number;
}

export interface CaptchaClient {
  readonly siteKey: string;
  /** Loads the script once (again after a failure). Rejects with 'Failed to load script'. */
  load(): Promise<void>;
  /** A token for a named action. Rejects with 'Failed to load script' or 'Failed to execute'. */
  execute(action: string): Promise<string>;
}

/** Action names allowed by the provider: letters, digits, slashes and underscores. */
const ACTION = /^[A-Za-z0-9_/]{1,100}$/;

function withTimeout<T>(promise: PromiseLike<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    Promise.resolve(promise).then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export function createCaptchaClient(options: CaptchaClientOptions): CaptchaClient {
  const { siteKey, version } = options;
  if (!siteKey) throw new Error(CAPTCHA_ERRORS.noKey);
  if (!version) throw new Error(CAPTCHA_ERRORS.noVersion);
  const getWindow = options.getWindow ?? (() => window as unknown as CaptchaWindow);
  const loadScript = options.loadScript ?? loadScriptTag;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const url = `${options.scriptUrl}${options.scriptUrl.includes("?") ? "&" : "?"}render=${encodeURIComponent(siteKey)}`;
  let loading: Promise<void> | undefined;

  const load = () => {
    loading ??= (async () => {
      if (getWindow().grecaptcha) return;
      try {
        await loadScript(url);
      } catch (cause) {
        loading = undefined;
        throw new Error(CAPTCHA_ERRORS.loadScript, { cause });
      }
    })();
    return loading;
  };

  return {
    siteKey,
    load,
    async execute(action) {
      await load();
      try {
        if (!ACTION.test(action)) throw new Error(`invalid action "${action}"`);
        const grecaptcha = getWindow().grecaptcha;
        if (!grecaptcha) throw new Error("grecaptcha is not defined");
        await withTimeout(new Promise<void>((resolve) => grecaptcha.ready(resolve)), timeoutMs);
        const token = await withTimeout(grecaptcha.execute(siteKey, { action }), timeoutMs);
        if (typeof token !== "string" || token === "") throw new Error("no token");
        return token;
      } catch (cause) {
        throw new Error(CAPTCHA_ERRORS.execute, { cause });
      }
    },
  };
}

/** Adds a script tag and resolves when it has loaded; removes it again on failure. */
export function loadScriptTag(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.defer = true;
    script.addEventListener("load", () => resolve(), { once: true });
    script.addEventListener(
      "error",
      () => {
        script.remove();
        reject(new Error(`could not load ${url}`));
      },
      { once: true },
    );
    document.head.appendChild(script);
  });
}

const clients = new Map<string, CaptchaClient>();

/** One client per site key for the page (the script is loaded once for every form). */
export function captchaClientFor(siteKey: string, scriptUrl: string): CaptchaClient {
  let client = clients.get(siteKey);
  if (!client) {
    client = createCaptchaClient({ siteKey, version: CAPTCHA_VERSION, scriptUrl });
    clients.set(siteKey, client);
  }
  return client;
}
