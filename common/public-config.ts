// The configuration the browser sees: the root loader sends it with every page. server/config.ts
// fills it from the environment (publicConfig); nothing else of the configuration leaves the server.

/** What the browser may see. Everything here ends up in HTML; keep secrets out. */
export interface PublicConfig {
  siteUrl: string;
  wpPublicUrl: string | undefined;
  localeCookie: { domain: string | undefined; secure: boolean };
  gtmId: string | undefined;
  measurementId: string | undefined;
  /** The tag-manager script (`?id=` is appended); overridable for tests (GTM_SCRIPT_URL). */
  gtmScriptUrl: string | undefined;
  recaptchaSiteKey: string | undefined;
  recaptchaScriptUrl: string;
  consentPolicyIds: { en: string | undefined; it: string | undefined };
  version: string;
}
