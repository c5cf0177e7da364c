// What a form submission comes to, shared by the server (server/integrations/forms.ts) and the
// forms that show it (app/components/forms). Messages are i18n keys, never provider text: the
// visitor reads them in the page's language, and no provider detail ever reaches the browser.

export type NewsletterField = "email" | "consent";
export type ContactField = "name" | "email" | "company" | "message" | "consent";

export type FormOutcome<F extends string> =
  /** Done. `already`: the address was subscribed before (a success for the visitor). */
  | { status: "ok"; already?: boolean }
  /** Field errors (i18n keys), and what the visitor typed so a page without JavaScript keeps it. */
  | { status: "invalid"; fields: Partial<Record<F, string>>; values: Partial<Record<F, string>> }
  /** The integration is not configured. */
  | { status: "unavailable"; values: Partial<Record<F, string>> }
  | { status: "rate-limited"; retryAfterSeconds: number; values: Partial<Record<F, string>> }
  /** The bot check failed (or had no token: it needs JavaScript). */
  | { status: "captcha"; values: Partial<Record<F, string>> }
  /** The provider failed; logged on the server without personal data. */
  | { status: "failed"; values: Partial<Record<F, string>> };

export type NewsletterOutcome = FormOutcome<NewsletterField>;
export type ContactOutcome = FormOutcome<ContactField>;

/**
 * HTTP status of an outcome: React Router does not revalidate after a 4xx/5xx action.
 * "unavailable" means the integration is switched off on this site (no keys): the page takes no
 * posts at all, a 405 with its Allow header (see outcomeInit), not a 5xx that anyone could raise —
 * and page an operator — at will.
 */
export function outcomeStatus(outcome: FormOutcome<string>): number {
  switch (outcome.status) {
    case "ok":
      return 200;
    case "invalid":
      return 400;
    case "captcha":
      return 403;
    case "rate-limited":
      return 429;
    case "unavailable":
      return 405;
    case "failed":
      return 502;
  }
}

/** Status and headers of a form action's answer. */
export function outcomeInit(outcome: FormOutcome<string>): ResponseInit {
  const status = outcomeStatus(outcome);
  if (outcome.status === "unavailable") return { status, headers: { Allow: "GET, HEAD" } };
  if (outcome.status === "rate-limited")
    return { status, headers: { "Retry-After": String(outcome.retryAfterSeconds) } };
  return { status };
}

/** Which integrations are on: handed to the browser (booleans only, never keys). */
export interface IntegrationFlags {
  newsletter: boolean;
  contact: boolean;
  captcha: boolean;
}
