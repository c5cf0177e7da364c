// A fake of WordPress's Contact Form 7 REST contract, faithful to its documented behaviour:
//   POST /wp-json/contact-form-7/v1/contact-forms/{id}/feedback
//   - not multipart/form-data → 415 {code: "wpcf7_unsupported_media_type"}
//   - unknown form → 404 {code: "wpcf7_not_found"}
//   - no (sanitized) `_wpcf7_unit_tag` → 400 {code: "wpcf7_unit_tag_not_found"} (since 5.8.7)
//   - else 200 {contact_form_id, status, message, posted_data_hash, into, invalid_fields}, status
//     mail_sent | validation_failed (required tags, email format) | acceptance_missing | spam |
//     mail_failed | aborted.
// The form declares: [text* your-name] [email* your-email] [text your-company]
// [textarea* your-message] [textarea your-products] [acceptance privacy-consent].
// Any other request is passed to `fallback` (the demo WordPress, so the site can run on it).
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, readBody, json, type FakeServer } from "./fake-server";

export interface FakeContactForm7 extends FakeServer {
  formId: number;
  /** What the next submissions end in, when they pass validation. */
  mode: "mail_sent" | "mail_failed" | "spam" | "aborted" | "acceptance_missing" | "error";
  submissions: Record<string, string>[];
  contentTypes: string[];
}

const ROUTE = /^\/wp-json\/contact-form-7\/v1\/contact-forms\/(\d+)\/feedback$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

function wpError(res: ServerResponse, status: number, code: string, message: string) {
  json(res, status, { code, message, data: { status } });
}

export async function startFakeContactForm7(options: {
  formId: number;
  fallback?: (req: IncomingMessage, res: ServerResponse) => void;
}): Promise<FakeContactForm7> {
  const state = {
    formId: options.formId,
    mode: "mail_sent" as FakeContactForm7["mode"],
    submissions: [] as Record<string, string>[],
    contentTypes: [] as string[],
  };
  const server = await listen(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const route =
      ROUTE.exec(url.pathname) ??
      (url.searchParams.get("rest_route") ? ROUTE.exec(`/wp-json${url.searchParams.get("rest_route")}`) : null);
    if (!route || req.method !== "POST") {
      if (options.fallback) return options.fallback(req, res);
      return wpError(res, 404, "rest_no_route", "No route was found matching the URL and request method.");
    }
    const type = String(req.headers["content-type"] ?? "");
    state.contentTypes.push(type);
    const body = await readBody(req);
    if (state.mode === "error")
      return wpError(res, 500, "internal_server_error", "There has been a critical error on this website.");
    if (!type.startsWith("multipart/form-data"))
      return wpError(res, 415, "wpcf7_unsupported_media_type", "The request payload format is not supported.");
    if (Number(route[1]) !== state.formId)
      return wpError(res, 404, "wpcf7_not_found", "The requested contact form was not found.");
    const form = await new Response(new Uint8Array(body), { headers: { "Content-Type": type } }).formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form.entries()) fields[name] = typeof value === "string" ? value : value.name;
    const unitTag = (fields._wpcf7_unit_tag ?? "").replace(/[^A-Za-z0-9_-]/g, "");
    if (!unitTag) return wpError(res, 400, "wpcf7_unit_tag_not_found", "There is no valid unit tag.");
    const answer = (status: string, message: string, invalid: { field: string; message: string }[] = []) =>
      json(res, 200, {
        contact_form_id: state.formId,
        status,
        message,
        posted_data_hash: status === "mail_sent" ? createHash("md5").update(body).digest("hex") : "",
        into: `#${unitTag}`,
        invalid_fields: invalid.map((f) => ({ ...f, idref: null, error_id: `${unitTag}-ve-${f.field}` })),
      });
    const invalid: { field: string; message: string }[] = [];
    for (const name of ["your-name", "your-email", "your-message"])
      if (!fields[name]?.trim()) invalid.push({ field: name, message: "Please fill out this field." });
    if (fields["your-email"] && !EMAIL.test(fields["your-email"]))
      invalid.push({ field: "your-email", message: "Please enter an email address." });
    if (invalid.length > 0)
      return answer("validation_failed", "One or more fields have an error. Please check and try again.", invalid);
    if (!fields["privacy-consent"] || state.mode === "acceptance_missing")
      return answer("acceptance_missing", "You must accept the terms and conditions before sending your message.");
    if (state.mode === "spam")
      return answer("spam", "There was an error trying to send your message. Please try again later.");
    if (state.mode === "aborted") return answer("aborted", "Sending mail has been aborted.");
    state.submissions.push(fields);
    if (state.mode === "mail_failed")
      return answer("mail_failed", "There was an error trying to send your message. Please try again later.");
    return answer("mail_sent", "Thank you for your message. It has been sent.");
  });
  return Object.assign(state, server);
}
