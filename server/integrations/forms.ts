// The server side of the newsletter and contact forms, independent of React Router so it can be
// tested against fake providers: the route actions hand over the posted FormData and the
// visitor's IP. Order: off? → cross-site post? → field rules → honeypot → rate limit (per IP) →
// captcha (token for the form's action) → provider. A provider failure is logged with its code
// and never with the visitor's data; the visitor gets a friendly message and keeps the input.
import type { Logger } from "../logger";
import type { CaptchaVerifier } from "./captcha-verifier";
import type { ContactFormClient } from "./contact-form-7";
import type { NewsletterProvider } from "./newsletter";
import type { ClientLimiter } from "../http/rate-limits";
import type { ContactField, FormOutcome, NewsletterField } from "../../common/form-outcomes";
import {
  hasErrors,
  readContact,
  readNewsletter,
  validateContact,
  validateNewsletter,
} from "../../common/form-validation";
import type { ContactService, NewsletterService, SubmissionMeta } from "../../common/site-services";

export const CAPTCHA_ACTIONS = { newsletter: "newsletter", contact: "contact" } as const;

/** An invisible field that people never fill and simple bots do: such a post "succeeds" silently. */
export const HONEYPOT_FIELD = "website";

interface Shared {
  captcha: CaptchaVerifier;
  /** This form's limit, per visitor. */
  limiter: ClientLimiter;
  logger: Logger;
}

function honeypot(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

function token(form: FormData): string | undefined {
  const value = form.get("captcha");
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The checks every form post passes before its provider sees it, in this order: a same-site post,
 * valid fields, an empty honeypot (a bot is answered "ok" and ignored), the visitor's rate limit,
 * the captcha. The outcome that stops the post, or undefined to go on.
 */
async function checkPost<F extends string>(
  integration: keyof typeof CAPTCHA_ACTIONS,
  form: FormData,
  meta: SubmissionMeta,
  fields: Partial<Record<F, string>>,
  values: Partial<Record<F, string>>,
  { captcha, limiter, logger }: Shared,
): Promise<FormOutcome<F> | undefined> {
  if (meta.fetchSite === "cross-site") {
    logger.warn({ integration, reason: "cross-site" }, "form post refused");
    return { status: "failed", values };
  }
  if (hasErrors(fields)) return { status: "invalid", fields, values };
  if (honeypot(form)) {
    logger.info({ integration, reason: "honeypot" }, "form post ignored");
    return { status: "ok" };
  }
  const allowed = await limiter.take(meta.ip);
  if (!allowed.ok) return { status: "rate-limited", retryAfterSeconds: allowed.retryAfterSeconds, values };
  const check = await captcha.verify(token(form), CAPTCHA_ACTIONS[integration]);
  if (!check.ok) {
    logger.warn({ integration, captcha: check.reason, codes: check.codes }, "captcha refused a form post");
    return { status: "captcha", values };
  }
  return undefined;
}

export function newsletterService(provider: NewsletterProvider | undefined, shared: Shared): NewsletterService {
  const { logger } = shared;
  return {
    enabled: provider !== undefined,
    async submit(form, meta) {
      const input = readNewsletter(form);
      const values: Partial<Record<NewsletterField, string>> = { email: input.email.slice(0, 254) };
      if (!provider) return { status: "unavailable", values };
      const stopped = await checkPost("newsletter", form, meta, validateNewsletter(input), values, shared);
      if (stopped) return stopped;
      const result = await provider.subscribe(input.email, { lang: meta.lang });
      switch (result.status) {
        case "subscribed":
          logger.info({ integration: "newsletter", provider: provider.name }, "newsletter signup");
          return { status: "ok" };
        case "already-subscribed":
          logger.info({ integration: "newsletter", provider: provider.name, already: true }, "newsletter signup");
          return { status: "ok", already: true };
        case "rejected":
          logger.info(
            { integration: "newsletter", provider: provider.name, code: result.code },
            "newsletter provider refused the address",
          );
          return { status: "invalid", fields: { email: "forms.errors.emailRejected" }, values };
        case "failed":
          logger.warn(
            { integration: "newsletter", provider: provider.name, code: result.code },
            "newsletter provider failed",
          );
          return { status: "failed", values };
      }
    },
  };
}

export function contactService(client: ContactFormClient | undefined, shared: Shared): ContactService {
  const { logger } = shared;
  return {
    enabled: client !== undefined,
    async submit(form, meta) {
      const input = readContact(form);
      const values: Partial<Record<ContactField, string>> = {
        name: input.name.slice(0, 200),
        email: input.email.slice(0, 300),
        company: input.company.slice(0, 300),
        message: input.message.slice(0, 6000),
      };
      if (!client) return { status: "unavailable", values };
      const stopped = await checkPost("contact", form, meta, validateContact(input), values, shared);
      if (stopped) return stopped;
      const products =
        input.products.length > 0
          ? await meta.describeProducts(input.products).catch(() => input.products.map((id) => `#${id}`))
          : [];
      const result = await client.send({ ...input, products, lang: meta.lang });
      switch (result.status) {
        case "sent":
          logger.info({ integration: "contact", products: input.products.length }, "contact message delivered");
          return { status: "ok" };
        case "invalid":
          logger.info({ integration: "contact", fields: result.fields }, "contact form refused fields");
          return {
            status: "invalid",
            fields: Object.fromEntries(
              result.fields.map((f) => [f, f === "consent" ? "forms.errors.consentRequired" : "forms.errors.invalid"]),
            ),
            values,
          };
        case "failed":
          logger.warn({ integration: "contact", code: result.code }, "contact form delivery failed");
          return { status: "failed", values };
      }
    },
  };
}
