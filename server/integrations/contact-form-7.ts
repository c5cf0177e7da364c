// Delivers a contact message to WordPress's Contact Form 7 through its REST endpoint:
//   POST $WP_URL/wp-json/contact-form-7/v1/contact-forms/{CONTACT_FORM_ID}/feedback
// multipart/form-data only (anything else: 415 wpcf7_unsupported_media_type), with the hidden
// fields CF7's own form carries: `_wpcf7` (form id), `_wpcf7_unit_tag` (required since 5.8.7,
// else 400 wpcf7_unit_tag_not_found), `_wpcf7_locale`, `_wpcf7_container_post`. It answers
// 200 with {status, message, invalid_fields: [{field, message, idref}]}, status one of
// mail_sent, mail_failed, validation_failed, acceptance_missing, spam, aborted.
//
// The WordPress form must declare these tags (CF7 ignores fields it does not declare):
//   [text* your-name] [email* your-email] [text your-company] [textarea* your-message]
//   [textarea your-products] [acceptance privacy-consent]
// The endpoint is public; no WordPress credentials are sent.
import { z } from "zod";
import type { ContactField } from "../../common/form-outcomes";

export interface ContactMessage {
  name: string;
  email: string;
  company: string;
  message: string;
  consent: boolean;
  /** Plain-text lines describing the attached products (name, code, link). */
  products: string[];
  lang: "en" | "it";
}

export type DeliveryResult =
  | { status: "sent" }
  /** CF7 found fields invalid: our field names, CF7's reasons are not shown (site language). */
  | { status: "invalid"; fields: ContactField[] }
  | { status: "failed"; code: string };

export interface ContactFormClient {
  send(message: ContactMessage): Promise<DeliveryResult>;
}

export interface ContactFormOptions {
  wpUrl: string;
  formId: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Our field → the CF7 form tag that receives it. */
export const CF7_FIELDS: Record<ContactField | "products", string> = {
  name: "your-name",
  email: "your-email",
  company: "your-company",
  message: "your-message",
  products: "your-products",
  consent: "privacy-consent",
};

const answerSchema = z.object({
  status: z.string(),
  message: z.string().optional(),
  invalid_fields: z
    .array(z.object({ field: z.string(), message: z.string().optional(), idref: z.string().nullable().optional() }))
    .optional(),
});

export function contactFormClient(options: ContactFormOptions): ContactFormClient {
  const doFetch = options.fetch ?? fetch;
  const endpoint = `${options.wpUrl.replace(/\/+$/, "")}/wp-json/contact-form-7/v1/contact-forms/${options.formId}/feedback`;
  const byTag = new Map(Object.entries(CF7_FIELDS).map(([ours, tag]) => [tag, ours]));
  return {
    async send(message) {
      const form = new FormData();
      form.set("_wpcf7", String(options.formId));
      form.set("_wpcf7_version", "6.0");
      form.set("_wpcf7_locale", message.lang === "it" ? "it_IT" : "en_US");
      form.set("_wpcf7_unit_tag", `wpcf7-f${options.formId}-o1`);
      form.set("_wpcf7_container_post", "0");
      form.set(CF7_FIELDS.name, message.name);
      form.set(CF7_FIELDS.email, message.email);
      form.set(CF7_FIELDS.company, message.company);
      form.set(CF7_FIELDS.message, message.message);
      form.set(CF7_FIELDS.products, message.products.join("\n"));
      if (message.consent) form.set(CF7_FIELDS.consent, "1");
      let res: Response;
      try {
        // fetch sets multipart/form-data with its boundary from the FormData body.
        res = await doFetch(endpoint, {
          method: "POST",
          body: form,
          headers: { Accept: "application/json" },
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        return {
          status: "failed",
          code: error instanceof Error && error.name === "TimeoutError" ? "timeout" : "network",
        };
      }
      const body = (await res.json().catch(() => undefined)) as unknown;
      if (!res.ok) {
        // A WordPress error: {code, message, data: {status}} (wpcf7_not_found, wpcf7_unit_tag_not_found …).
        const code = (body as { code?: unknown } | undefined)?.code;
        return { status: "failed", code: `http-${res.status}${typeof code === "string" ? `/${code}` : ""}` };
      }
      const parsed = answerSchema.safeParse(body);
      if (!parsed.success) return { status: "failed", code: "malformed-answer" };
      switch (parsed.data.status) {
        case "mail_sent":
          return { status: "sent" };
        case "validation_failed": {
          const fields = (parsed.data.invalid_fields ?? [])
            .map((f) => byTag.get(f.field))
            .filter((f): f is ContactField => !!f && f !== "products");
          return fields.length > 0 ? { status: "invalid", fields } : { status: "failed", code: "validation_failed" };
        }
        case "acceptance_missing":
          return { status: "invalid", fields: ["consent"] };
        default:
          // mail_failed, spam, aborted, or a status of a newer CF7.
          return { status: "failed", code: parsed.data.status };
      }
    },
  };
}
