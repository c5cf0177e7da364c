// The rules both sides of the forms share, the rate limiter, and the adapters' reading of their
// providers' answers (injected fetch).
import { describe, expect, it } from "vitest";
import { readContact, readNewsletter, validateContact, validateNewsletter } from "../../common/form-validation";
import { createRateLimits } from "../../server/http/rate-limits";
import { getResponseProvider } from "../../server/integrations/newsletter";
import { contactFormClient } from "../../server/integrations/contact-form-7";
import { createCaptchaVerifier } from "../../server/integrations/captcha-verifier";
import { outcomeInit, outcomeStatus } from "../../common/form-outcomes";
import en from "../../locales/en/common.json";
import it_ from "../../locales/it/common.json";

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) data.append(k, x);
  return data;
};

function lookup(messages: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

describe("form rules", () => {
  it("newsletter: a valid address and the consent", () => {
    expect(validateNewsletter(readNewsletter(form({ email: " ada@example.com ", consent: "1" })))).toEqual({});
    expect(validateNewsletter(readNewsletter(form({})))).toEqual({
      email: "forms.errors.emailRequired",
      consent: "forms.errors.consentRequired",
    });
    for (const bad of [
      "ada",
      "ada@",
      "@example.com",
      "ada@example",
      "a da@example.com",
      `${"a".repeat(250)}@example.com`,
    ]) {
      expect(validateNewsletter({ email: bad, consent: true }).email, bad).toBe("forms.errors.emailInvalid");
    }
  });

  it("contact: name, email, message and consent; company optional; products as English ids", () => {
    const input = readContact(
      form({
        name: "Ada",
        email: "ada@example.com",
        message: "Hello",
        consent: "on",
        product: ["12", "12", "x", "0", "14"],
      }),
    );
    expect(input.products).toEqual([12, 14]);
    expect(validateContact(input)).toEqual({});
    expect(validateContact({ ...input, company: "c".repeat(161), message: "m".repeat(5001) })).toEqual({
      company: "forms.errors.tooLong",
      message: "forms.errors.tooLong",
    });
    expect(Object.keys(validateContact(readContact(form({}))))).toEqual(["name", "email", "message", "consent"]);
  });

  it("every message key exists in both languages", () => {
    const keys = [
      "forms.errors.emailRequired",
      "forms.errors.emailInvalid",
      "forms.errors.emailRejected",
      "forms.errors.nameRequired",
      "forms.errors.messageRequired",
      "forms.errors.tooLong",
      "forms.errors.consentRequired",
      "forms.errors.invalid",
      "forms.errors.summary",
    ];
    for (const key of keys) {
      expect(typeof lookup(en, key), key).toBe("string");
      expect(typeof lookup(it_, key), key).toBe("string");
      expect(lookup(en, key)).not.toBe(lookup(it_, key));
    }
  });

  it("outcomes map to statuses React Router does not revalidate after", () => {
    expect(outcomeStatus({ status: "ok" })).toBe(200);
    expect(outcomeStatus({ status: "invalid", fields: {}, values: {} })).toBe(400);
    expect(outcomeStatus({ status: "rate-limited", retryAfterSeconds: 3, values: {} })).toBe(429);
    expect(outcomeStatus({ status: "unavailable", values: {} })).toBe(405);
    expect(outcomeInit({ status: "unavailable", values: {} })).toEqual({
      status: 405,
      headers: { Allow: "GET, HEAD" },
    });
    expect(outcomeInit({ status: "rate-limited", retryAfterSeconds: 3, values: {} })).toEqual({
      status: 429,
      headers: { "Retry-After": "3" },
    });
  });
});

describe("rate limits (in memory, without Redis)", () => {
  it("allow the window's attempts per client, then say when to come back; other clients are untouched", async () => {
    const { newsletter, contact } = createRateLimits({ limits: { newsletter: { points: 2, windowSeconds: 60 } } });
    expect((await newsletter.take("203.0.113.1")).ok).toBe(true);
    expect((await newsletter.take("203.0.113.1")).ok).toBe(true);
    const refused = await newsletter.take("203.0.113.1");
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    expect((await newsletter.take("203.0.113.2")).ok).toBe(true);
    // Each form has its own budget.
    expect((await contact.take("203.0.113.1")).ok).toBe(true);
  });
});

const answer = (status: number, body?: unknown) => async () =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

describe("newsletter adapter (GetResponse-style)", () => {
  const provider = (fetch: typeof globalThis.fetch) =>
    getResponseProvider({ apiUrl: "https://api.example/v3/", apiKey: "k", listId: "L", fetch });
  it("reads 202, 409, a refused email, and failures", async () => {
    expect(await provider(answer(202)).subscribe("a@example.com", { lang: "en" })).toEqual({ status: "subscribed" });
    expect(await provider(answer(409, { code: 1008 })).subscribe("a@example.com", { lang: "en" })).toEqual({
      status: "already-subscribed",
    });
    expect(
      await provider(answer(400, { code: 1000, context: [{ fieldName: ["email"] }] })).subscribe("a@example.com", {
        lang: "en",
      }),
    ).toMatchObject({ status: "rejected" });
    expect(
      await provider(answer(400, { code: 1000, context: [{ fieldName: ["campaign", "campaignId"] }] })).subscribe(
        "a@example.com",
        { lang: "en" },
      ),
    ).toEqual({ status: "failed", code: "http-400/1000" });
    expect(await provider(answer(401, { code: 1014 })).subscribe("a@example.com", { lang: "en" })).toEqual({
      status: "failed",
      code: "http-401/1014",
    });
    expect(
      await provider(async () => {
        throw new TypeError("fetch failed");
      }).subscribe("a@example.com", { lang: "en" }),
    ).toEqual({ status: "failed", code: "network" });
  });

  it("posts to {base}/contacts with the key header and the list", async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    await provider(async (url, init) => {
      seen = { url: String(url), init: init! };
      return new Response(null, { status: 202 });
    }).subscribe("a@example.com", { lang: "it" });
    expect(seen!.url).toBe("https://api.example/v3/contacts");
    expect((seen!.init.headers as Record<string, string>)["X-Auth-Token"]).toBe("api-key k");
    expect(JSON.parse(String(seen!.init.body))).toEqual({
      email: "a@example.com",
      name: "Newsletter Website",
      campaign: { campaignId: "L" },
    });
  });
});

describe("Contact Form 7 client", () => {
  const client = (fetch: typeof globalThis.fetch) =>
    contactFormClient({ wpUrl: "https://wp.example/", formId: 7, fetch });
  const message = {
    name: "A",
    email: "a@example.com",
    company: "",
    message: "Hi",
    consent: true,
    products: [],
    lang: "it" as const,
  };
  it("reads every documented status", async () => {
    expect(await client(answer(200, { status: "mail_sent", message: "ok" })).send(message)).toEqual({ status: "sent" });
    expect(
      await client(
        answer(200, {
          status: "validation_failed",
          invalid_fields: [{ field: "your-email", message: "x", idref: null }],
        }),
      ).send(message),
    ).toEqual({ status: "invalid", fields: ["email"] });
    expect(await client(answer(200, { status: "acceptance_missing" })).send(message)).toEqual({
      status: "invalid",
      fields: ["consent"],
    });
    for (const status of ["mail_failed", "spam", "aborted"])
      expect(await client(answer(200, { status })).send(message)).toEqual({ status: "failed", code: status });
    expect(await client(answer(415, { code: "wpcf7_unsupported_media_type" })).send(message)).toEqual({
      status: "failed",
      code: "http-415/wpcf7_unsupported_media_type",
    });
    expect(await client(answer(200, { nonsense: true })).send(message)).toEqual({
      status: "failed",
      code: "malformed-answer",
    });
  });

  it("posts multipart form data to the feedback endpoint with the unit tag", async () => {
    let seen: { url: string; body: FormData } | undefined;
    await client(async (url, init) => {
      seen = { url: String(url), body: init!.body as FormData };
      return new Response(JSON.stringify({ status: "mail_sent" }), { status: 200 });
    }).send(message);
    expect(seen!.url).toBe("https://wp.example/wp-json/contact-form-7/v1/contact-forms/7/feedback");
    expect(seen!.body).toBeInstanceOf(FormData);
    expect(seen!.body.get("_wpcf7_unit_tag")).toBe("wpcf7-f7-o1");
    expect(seen!.body.get("_wpcf7_locale")).toBe("it_IT");
  });
});

describe("captcha verification", () => {
  const verifier = (fetch: typeof globalThis.fetch) =>
    createCaptchaVerifier({ secret: "s", verifyUrl: "https://verify.example", minScore: 0.5, fetch });
  it("posts secret and response form-encoded, and checks success, action and score", async () => {
    let body = "";
    const ok = verifier(async (_u, init) => {
      body = String(init!.body);
      return new Response(JSON.stringify({ success: true, score: 0.7, action: "contact" }));
    });
    expect(await ok.verify("tok", "contact")).toEqual({ ok: true, score: 0.7 });
    expect(new URLSearchParams(body).get("secret")).toBe("s");
    expect(new URLSearchParams(body).get("response")).toBe("tok");
    expect(await ok.verify("tok", "newsletter")).toEqual({ ok: false, reason: "wrong-action" });
    expect(
      await verifier(answer(200, { success: true, score: 0.3, action: "contact" })).verify("t", "contact"),
    ).toEqual({ ok: false, reason: "low-score" });
    expect(
      await verifier(answer(200, { success: false, "error-codes": ["timeout-or-duplicate"] })).verify("t", "contact"),
    ).toEqual({ ok: false, reason: "invalid-token", codes: ["timeout-or-duplicate"] });
    expect(await verifier(answer(500, {})).verify("t", "contact")).toMatchObject({ ok: false, reason: "unavailable" });
    expect(await ok.verify(undefined, "contact")).toEqual({ ok: false, reason: "missing-token" });
    expect(await ok.verify("bad token <script>", "contact")).toEqual({ ok: false, reason: "invalid-token" });
  });

  it("is off without keys: every post passes", async () => {
    const off = createCaptchaVerifier(undefined);
    expect(off.enabled).toBe(false);
    expect((await off.verify(undefined, "contact")).ok).toBe(true);
  });
});
