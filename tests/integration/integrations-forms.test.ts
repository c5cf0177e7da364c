// The server side of the newsletter and contact forms against fake providers: the email
// provider's contacts API, the captcha verify endpoint and WordPress's Contact Form 7 — success,
// an address already subscribed, invalid input, a provider down, a low captcha score, a token
// for another form, the rate limit, and logs that never carry what the visitor typed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import pino from "pino";
import { createIntegrations, type Integrations } from "../../server/integrations";
import { startFakeNewsletter, type FakeNewsletter } from "../support/fake-newsletter";
import { startFakeCaptcha, type FakeCaptcha } from "../support/fake-captcha";
import { startFakeContactForm7, type FakeContactForm7 } from "../support/fake-contact-form-7";
import { freePort } from "../support/site";

const SITE_KEY = "site-key-public";
const SECRET = "captcha-secret-never-shown";
const API_KEY = "newsletter-api-key-never-shown";
const LIST_ID = "pX7a2";
const FORM_ID = 321;

let newsletter: FakeNewsletter;
let captcha: FakeCaptcha;
let cf7: FakeContactForm7;
const logLines: string[] = [];
const logger = pino(
  { level: "debug" },
  new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);

function build(
  overrides: { captcha?: boolean; newsletterUrl?: string; limits?: { perWindow: number; windowMs: number } } = {},
): Integrations {
  return createIntegrations({
    config: {
      recaptcha:
        overrides.captcha === false
          ? undefined
          : {
              siteKey: SITE_KEY,
              secret: SECRET,
              minScore: 0.5,
              scriptUrl: captcha.scriptUrl,
              verifyUrl: captcha.verifyUrl,
            },
      newsletter: { apiUrl: overrides.newsletterUrl ?? newsletter.apiUrl, apiKey: API_KEY, listId: LIST_ID },
      contactFormId: FORM_ID,
    },
    wpUrl: cf7.url,
    logger,
    limits: overrides.limits ?? { perWindow: 100, windowMs: 60_000 },
  });
}

let tokenCount = 0;
const token = (action: string) => `${action}.t${(++tokenCount).toString(36)}`;

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  return data;
}

const meta = (ip = "203.0.113.7") => ({ ip, lang: "en" as const, fetchSite: "same-origin" });

beforeAll(async () => {
  newsletter = await startFakeNewsletter({ apiKey: API_KEY, listId: LIST_ID });
  captcha = await startFakeCaptcha({ siteKey: SITE_KEY, secret: SECRET });
  cf7 = await startFakeContactForm7({ formId: FORM_ID });
});
afterAll(async () => {
  await Promise.all([newsletter?.close(), captcha?.close(), cf7?.close()]);
});
beforeEach(() => {
  newsletter.mode = "ok";
  captcha.score = 0.9;
  captcha.actionOverride = undefined;
  captcha.mode = "ok";
  cf7.mode = "mail_sent";
  logLines.length = 0;
});

describe("newsletter signup", () => {
  it("adds the address to the list with the provider's contract", async () => {
    const integrations = build();
    const outcome = await integrations.newsletter.submit(
      form({ email: "Ada@Example.com", consent: "1", captcha: token("newsletter") }),
      meta(),
    );
    expect(outcome).toEqual({ status: "ok" });
    const request = newsletter.requests.at(-1)!;
    expect(request.headers["x-auth-token"]).toBe(`api-key ${API_KEY}`);
    expect(request.headers["content-type"]).toMatch(/^application\/json/);
    expect(request.body).toEqual({
      email: "Ada@Example.com",
      name: "Newsletter Website",
      campaign: { campaignId: LIST_ID },
    });
    expect(captcha.verifications.at(-1)).toMatchObject({ secret: SECRET });
  });

  it("treats an address already subscribed as a success", async () => {
    const integrations = build();
    await integrations.newsletter.submit(
      form({ email: "twice@example.com", consent: "1", captcha: token("newsletter") }),
      meta(),
    );
    const again = await integrations.newsletter.submit(
      form({ email: "twice@example.com", consent: "1", captcha: token("newsletter") }),
      meta(),
    );
    expect(again).toEqual({ status: "ok", already: true });
  });

  it("answers field errors without calling the provider or the captcha", async () => {
    const integrations = build();
    const before = newsletter.requests.length;
    const verifications = captcha.verifications.length;
    const outcome = await integrations.newsletter.submit(
      form({ email: "not-an-address", captcha: token("newsletter") }),
      meta(),
    );
    expect(outcome).toEqual({
      status: "invalid",
      fields: { email: "forms.errors.emailInvalid", consent: "forms.errors.consentRequired" },
      values: { email: "not-an-address" },
    });
    expect(await integrations.newsletter.submit(form({ email: "", consent: "1" }), meta())).toMatchObject({
      status: "invalid",
      fields: { email: "forms.errors.emailRequired" },
    });
    expect(newsletter.requests.length).toBe(before);
    expect(captcha.verifications.length).toBe(verifications);
  });

  it("shows the provider's refusal of an address as a field error", async () => {
    const outcome = await build().newsletter.submit(
      form({ email: "someone@example.invalid", consent: "1", captcha: token("newsletter") }),
      meta(),
    );
    expect(outcome).toMatchObject({
      status: "invalid",
      fields: { email: "forms.errors.emailRejected" },
      values: { email: "someone@example.invalid" },
    });
  });

  it("keeps the input and logs no personal data when the provider is down", async () => {
    newsletter.mode = "error";
    const outcome = await build().newsletter.submit(
      form({ email: "down@example.com", consent: "1", captcha: token("newsletter") }),
      meta(),
    );
    expect(outcome).toEqual({ status: "failed", values: { email: "down@example.com" } });
    const failure = logLines.find((l) => l.includes("newsletter provider failed"));
    expect(failure).toBeDefined();
    expect(JSON.parse(failure!)).toMatchObject({ level: 40, integration: "newsletter", code: "http-503/1" });
    expect(logLines.join("")).not.toContain("down@example.com");
    expect(logLines.join("")).not.toContain(API_KEY);
  });

  it("fails softly when the provider cannot be reached", async () => {
    const closed = `http://127.0.0.1:${await freePort()}/v3`;
    const outcome = await build({ newsletterUrl: closed }).newsletter.submit(
      form({ email: "nobody@example.com", consent: "1", captcha: token("newsletter") }),
      meta(),
    );
    expect(outcome.status).toBe("failed");
    expect(logLines.some((l) => l.includes('"code":"network"'))).toBe(true);
  });

  it("refuses a low captcha score, a token for another form, a missing token, and a captcha service down", async () => {
    const integrations = build();
    const before = newsletter.requests.length;
    captcha.score = 0.2;
    expect(
      (
        await integrations.newsletter.submit(
          form({ email: "bot@example.com", consent: "1", captcha: token("newsletter") }),
          meta(),
        )
      ).status,
    ).toBe("captcha");
    captcha.score = 0.9;
    expect(
      (
        await integrations.newsletter.submit(
          form({ email: "bot@example.com", consent: "1", captcha: token("contact") }),
          meta(),
        )
      ).status,
    ).toBe("captcha");
    captcha.actionOverride = "login";
    expect(
      (
        await integrations.newsletter.submit(
          form({ email: "bot@example.com", consent: "1", captcha: token("newsletter") }),
          meta(),
        )
      ).status,
    ).toBe("captcha");
    captcha.actionOverride = undefined;
    expect(
      (await integrations.newsletter.submit(form({ email: "bot@example.com", consent: "1" }), meta())).status,
    ).toBe("captcha");
    captcha.mode = "error";
    expect(
      (
        await integrations.newsletter.submit(
          form({ email: "bot@example.com", consent: "1", captcha: token("newsletter") }),
          meta(),
        )
      ).status,
    ).toBe("captcha");
    expect(newsletter.requests.length).toBe(before);
    expect(logLines.filter((l) => l.includes("captcha refused")).map((l) => JSON.parse(l).captcha)).toEqual([
      "low-score",
      "wrong-action",
      "wrong-action",
      "missing-token",
      "unavailable",
    ]);
  });

  it("works without a captcha when its keys are unset", async () => {
    const outcome = await build({ captcha: false }).newsletter.submit(
      form({ email: "plain@example.com", consent: "1" }),
      meta(),
    );
    expect(outcome).toEqual({ status: "ok" });
  });

  it("limits posts per visitor", async () => {
    const integrations = build({ limits: { perWindow: 2, windowMs: 60_000 } });
    const post = (ip: string) =>
      integrations.newsletter.submit(
        form({ email: `${ip}-${tokenCount}@example.com`, consent: "1", captcha: token("newsletter") }),
        meta(ip),
      );
    expect((await post("198.51.100.1")).status).toBe("ok");
    expect((await post("198.51.100.1")).status).toBe("ok");
    const third = await post("198.51.100.1");
    expect(third).toMatchObject({ status: "rate-limited" });
    expect((third as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect((await post("198.51.100.2")).status).toBe("ok");
  });

  it("ignores a filled honeypot and refuses cross-site posts", async () => {
    const integrations = build();
    const before = newsletter.requests.length;
    expect(
      await integrations.newsletter.submit(
        form({ email: "bot@example.com", consent: "1", website: "http://spam.example" }),
        meta(),
      ),
    ).toEqual({ status: "ok" });
    expect(
      (
        await integrations.newsletter.submit(form({ email: "x@example.com", consent: "1" }), {
          ...meta(),
          fetchSite: "cross-site",
        })
      ).status,
    ).toBe("failed");
    expect(newsletter.requests.length).toBe(before);
  });

  it("is unavailable, cleanly, without NEWSLETTER_*", async () => {
    const off = createIntegrations({
      config: { recaptcha: undefined, newsletter: undefined, contactFormId: undefined },
      wpUrl: undefined,
      logger,
    });
    expect(off.flags).toEqual({ newsletter: false, contact: false, captcha: false });
    expect(await off.newsletter.submit(form({ email: "a@example.com", consent: "1" }), meta())).toEqual({
      status: "unavailable",
      values: { email: "a@example.com" },
    });
    expect(
      (await off.contact.submit(form({ name: "A" }), { ...meta(), describeProducts: async () => [] })).status,
    ).toBe("unavailable");
  });
});

describe("contact form (Contact Form 7)", () => {
  const message = (extra: Record<string, string | string[]> = {}) =>
    form({
      name: "Ada Lovelace",
      email: "ada@example.com",
      company: "Analytical Engines",
      message: "Do you ship to London?",
      consent: "1",
      captcha: token("contact"),
      ...extra,
    });
  const describeProducts = async (ids: number[]) =>
    ids.map((id) => `Vase ${id} (FC-${id}) – http://localhost/products/${id}`);

  it("delivers the message as multipart with the unit tag and the attached products", async () => {
    const outcome = await build().contact.submit(message({ product: ["12", "14", "bogus"] }), {
      ...meta(),
      describeProducts,
    });
    expect(outcome).toEqual({ status: "ok" });
    expect(cf7.contentTypes.at(-1)).toMatch(/^multipart\/form-data; boundary=/);
    expect(cf7.submissions.at(-1)).toMatchObject({
      _wpcf7: String(FORM_ID),
      _wpcf7_unit_tag: `wpcf7-f${FORM_ID}-o1`,
      _wpcf7_locale: "en_US",
      "your-name": "Ada Lovelace",
      "your-email": "ada@example.com",
      "your-company": "Analytical Engines",
      "your-message": "Do you ship to London?",
      "privacy-consent": "1",
    });
    // multipart/form-data carries line breaks as CRLF.
    expect(cf7.submissions.at(-1)!["your-products"]!.split(/\r?\n/)).toEqual([
      "Vase 12 (FC-12) – http://localhost/products/12",
      "Vase 14 (FC-14) – http://localhost/products/14",
    ]);
  });

  it("answers our own field errors before anything is sent", async () => {
    const before = cf7.submissions.length;
    const outcome = await build().contact.submit(
      form({ name: "", email: "ada@", message: "", captcha: token("contact") }),
      { ...meta(), describeProducts },
    );
    expect(outcome).toMatchObject({
      status: "invalid",
      fields: {
        name: "forms.errors.nameRequired",
        email: "forms.errors.emailInvalid",
        message: "forms.errors.messageRequired",
        consent: "forms.errors.consentRequired",
      },
    });
    expect(cf7.submissions.length).toBe(before);
  });

  it("maps Contact Form 7's answers: acceptance missing, spam, mail failed, aborted, an error", async () => {
    const integrations = build();
    cf7.mode = "acceptance_missing";
    expect(await integrations.contact.submit(message(), { ...meta(), describeProducts })).toMatchObject({
      status: "invalid",
      fields: { consent: "forms.errors.consentRequired" },
    });
    for (const mode of ["spam", "mail_failed", "aborted", "error"] as const) {
      cf7.mode = mode;
      const outcome = await integrations.contact.submit(message(), { ...meta(), describeProducts });
      expect(outcome, mode).toMatchObject({
        status: "failed",
        values: { name: "Ada Lovelace", email: "ada@example.com", message: "Do you ship to London?" },
      });
    }
    const logged = logLines.filter((l) => l.includes("contact form delivery failed")).map((l) => JSON.parse(l).code);
    expect(logged).toEqual(["spam", "mail_failed", "aborted", "http-500/internal_server_error"]);
    expect(logLines.join("")).not.toContain("ada@example.com");
    expect(logLines.join("")).not.toContain("Ada Lovelace");
  });

  it("refuses a low score and a token minted for the newsletter", async () => {
    const integrations = build();
    captcha.score = 0.1;
    expect((await integrations.contact.submit(message(), { ...meta(), describeProducts })).status).toBe("captcha");
    captcha.score = 0.9;
    expect(
      (await integrations.contact.submit(message({ captcha: token("newsletter") }), { ...meta(), describeProducts }))
        .status,
    ).toBe("captcha");
  });

  it("fails softly for a form WordPress does not know", async () => {
    const wrong = createIntegrations({
      config: { recaptcha: undefined, newsletter: undefined, contactFormId: FORM_ID + 1 },
      wpUrl: cf7.url,
      logger,
    });
    expect((await wrong.contact.submit(message(), { ...meta(), describeProducts })).status).toBe("failed");
    expect(logLines.some((l) => l.includes("http-404/wpcf7_not_found"))).toBe(true);
  });
});

describe("the Contact Form 7 fake keeps to the documented contract", () => {
  const endpoint = () => `${cf7.url}/wp-json/contact-form-7/v1/contact-forms/${FORM_ID}/feedback`;

  it("refuses anything but multipart/form-data with 415", async () => {
    const res = await fetch(endpoint(), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "_wpcf7_unit_tag=wpcf7-f321-o1&your-name=A",
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: "wpcf7_unsupported_media_type" });
  });

  it("refuses a post without a unit tag with 400", async () => {
    const body = new FormData();
    body.set("your-name", "A");
    const res = await fetch(endpoint(), { method: "POST", body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "wpcf7_unit_tag_not_found" });
  });

  it("answers validation_failed with invalid_fields", async () => {
    const body = new FormData();
    body.set("_wpcf7_unit_tag", "wpcf7-f321-o1");
    body.set("your-email", "nope");
    const res = await fetch(endpoint(), { method: "POST", body });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      status: string;
      invalid_fields: { field: string; idref: null }[];
      into: string;
    };
    expect(answer.status).toBe("validation_failed");
    expect(answer.into).toBe("#wpcf7-f321-o1");
    expect(answer.invalid_fields.map((f) => f.field).sort()).toEqual(["your-email", "your-message", "your-name"]);
  });
});
