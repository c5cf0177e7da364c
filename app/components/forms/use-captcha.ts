// The captcha for one form: the script is fetched when the visitor starts using the form
// (`prepare` on focus or input), and `token()` asks a token for the form's named action. Off
// (no key) it returns no token and the server does not ask for one.
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { captchaClientFor } from "../../lib/captcha-client";
import { usePublicConfig } from "../../lib/use-public-config";

export function useCaptcha(action: "newsletter" | "contact") {
  const { recaptchaSiteKey, recaptchaScriptUrl } = usePublicConfig();
  const client = useMemo(
    () =>
      recaptchaSiteKey && typeof window !== "undefined"
        ? captchaClientFor(recaptchaSiteKey, recaptchaScriptUrl ?? "https://www.google.com/recaptcha/api.js")
        : undefined,
    [recaptchaSiteKey, recaptchaScriptUrl],
  );
  const prepare = useCallback(() => {
    client?.load().catch(() => undefined);
  }, [client]);
  const token = useCallback(
    async (): Promise<string | undefined> => (client ? client.execute(action) : undefined),
    [client, action],
  );
  return { enabled: !!recaptchaSiteKey, prepare, token };
}

const noop = () => () => {};
/** False on the server and during hydration, true after: JavaScript is running. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
