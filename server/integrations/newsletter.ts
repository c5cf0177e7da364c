// Newsletter signups behind one small adapter, so another email provider can be plugged in by
// writing one more `NewsletterProvider`. The provider is GetResponse-style (API v3):
//   POST {NEWSLETTER_API_URL}/contacts   X-Auth-Token: api-key {key}   Content-Type: application/json
//   {"email": …, "name": "Newsletter Website", "campaign": {"campaignId": listId}}
// 202 Accepted: queued (the provider sends its own confirmation); 409 (code 1008): the address
// is on the list already, which is a success for the visitor; 400 (code 1000, context naming the
// email): the provider refuses the address; anything else is a provider failure.
// Results carry codes, never the address: callers log them as they are.

export type SubscribeResult =
  | { status: "subscribed" }
  | { status: "already-subscribed" }
  /** The provider refused the address itself (malformed, blocked, disposable…). */
  | { status: "rejected"; code: string }
  | { status: "failed"; code: string };

export interface NewsletterProvider {
  readonly name: string;
  subscribe(email: string, meta: { lang: string }): Promise<SubscribeResult>;
}

export interface GetResponseOptions {
  apiUrl: string;
  apiKey: string;
  listId: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The contact name sent with every signup. */
export const NEWSLETTER_CONTACT_NAME = "Newsletter Website";

export function getResponseProvider(options: GetResponseOptions): NewsletterProvider {
  const doFetch = options.fetch ?? fetch;
  const endpoint = `${options.apiUrl.replace(/\/+$/, "")}/contacts`;
  return {
    name: "getresponse",
    async subscribe(email) {
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json",
            "X-Auth-Token": `api-key ${options.apiKey}`,
          },
          body: JSON.stringify({ email, name: NEWSLETTER_CONTACT_NAME, campaign: { campaignId: options.listId } }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
        });
      } catch (error) {
        return {
          status: "failed",
          code: error instanceof Error && error.name === "TimeoutError" ? "timeout" : "network",
        };
      }
      if (res.status === 202 || res.status === 200 || res.status === 201) {
        await res.body?.cancel().catch(() => undefined);
        return { status: "subscribed" };
      }
      const body = (await res.json().catch(() => undefined)) as { code?: number; context?: unknown } | undefined;
      const code = `http-${res.status}${body?.code !== undefined ? `/${body.code}` : ""}`;
      if (res.status === 409) return { status: "already-subscribed" };
      if (res.status === 400) {
        // 1000 is "validation error": about the email only when its context names the email (a
        // wrong campaign id is our misconfiguration, not the visitor's mistake); 1002 is a
        // contact whose state forbids it (blocked, unsubscribed and locked).
        const context = JSON.stringify(body?.context ?? "").toLowerCase();
        if (
          body?.code === 1002 ||
          (body?.code === 1000 && context.includes("email") && !context.includes("campaign"))
        ) {
          return { status: "rejected", code };
        }
      }
      return { status: "failed", code };
    },
  };
}
