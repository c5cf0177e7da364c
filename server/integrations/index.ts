// The integrations service: newsletter, contact form, captcha verification and the per-visitor
// rate limits, built once in server/main.ts from the parsed configuration and handed to the
// route actions through the router context (`context.get(siteContext).integrations`). Each one
// is off, cleanly, when its keys are unset: its `enabled` is false and a post answers
// "unavailable". Secrets stay here; the browser only learns the booleans in `flags`.
import type { Config } from "../config";
import type { Logger } from "../logger";
import { createCaptchaVerifier, type CaptchaVerifier } from "./captcha-verifier";
import { contactFormClient } from "./contact-form-7";
import { contactService, newsletterService } from "./forms";
import { getResponseProvider, type NewsletterProvider } from "./newsletter";
import { createRateLimits, type RateLimits } from "../http/rate-limits";
import type { FormServices } from "../../common/site-services";

export interface Integrations extends FormServices {
  captcha: CaptchaVerifier;
}

export interface IntegrationsOptions {
  config: Pick<Config, "recaptcha" | "newsletter" | "contactFormId">;
  /** WordPress as the server reaches it (the demo's address when WP_URL is unset). */
  wpUrl: string | undefined;
  logger: Logger;
  fetch?: typeof fetch;
  /** Another email provider; default: GetResponse-style from NEWSLETTER_*. */
  newsletterProvider?: NewsletterProvider;
  /** The site's per-client limits (shared through Redis when configured); default: in memory. */
  rateLimits?: Pick<RateLimits, "newsletter" | "contact">;
  /** Posts per visitor (IP) per window, per form, for in-memory limits (tests). */
  limits?: { perWindow: number; windowMs: number };
}

export const DEFAULT_FORM_LIMITS = { perWindow: 5, windowMs: 10 * 60_000 };

export function createIntegrations(options: IntegrationsOptions): Integrations {
  const { config, logger } = options;
  const limits = options.limits ?? DEFAULT_FORM_LIMITS;
  const spec = { points: limits.perWindow, windowSeconds: Math.ceil(limits.windowMs / 1000) };
  const rateLimits = options.rateLimits ?? createRateLimits({ limits: { newsletter: spec, contact: spec } });
  const captcha = createCaptchaVerifier(
    config.recaptcha
      ? {
          secret: config.recaptcha.secret,
          verifyUrl: config.recaptcha.verifyUrl,
          minScore: config.recaptcha.minScore,
          fetch: options.fetch,
        }
      : undefined,
  );
  const provider =
    options.newsletterProvider ??
    (config.newsletter ? getResponseProvider({ ...config.newsletter, fetch: options.fetch }) : undefined);
  // Contact Form 7 lives in WordPress: off without CONTACT_FORM_ID (the demo has no CF7).
  const cf7 =
    config.contactFormId && options.wpUrl
      ? contactFormClient({ wpUrl: options.wpUrl, formId: config.contactFormId, fetch: options.fetch })
      : undefined;
  const newsletter = newsletterService(provider, { captcha, limiter: rateLimits.newsletter, logger });
  const contact = contactService(cf7, { captcha, limiter: rateLimits.contact, logger });
  return {
    newsletter,
    contact,
    captcha,
    flags: { newsletter: newsletter.enabled, contact: contact.enabled, captcha: captcha.enabled },
  };
}
