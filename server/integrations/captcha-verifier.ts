// Server-side check of a captcha v3 token: POST to RECAPTCHA_VERIFY_URL,
// form-encoded `secret` and `response`; the answer must be a success for the same action the
// form asked a token for, with a score at or above RECAPTCHA_MIN_SCORE. The visitor's IP is not
// sent (optional in the protocol, and personal data). Errors are values, never thrown.
import { z } from "zod";

export type CaptchaFailure = "missing-token" | "invalid-token" | "wrong-action" | "low-score" | "unavailable";
export type CaptchaResult =
  { ok: true; score: number | undefined } | { ok: false; reason: CaptchaFailure; codes?: string[] };

export interface CaptchaVerifier {
  readonly enabled: boolean;
  verify(token: string | undefined, action: string): Promise<CaptchaResult>;
}

export interface CaptchaOptions {
  secret: string;
  verifyUrl: string;
  minScore: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const answerSchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});

/** Tokens are opaque base64url-ish strings of a few hundred to a few thousand characters. */
const TOKEN = /^[\w.:-]{1,4096}$/;

export function createCaptchaVerifier(options: CaptchaOptions | undefined): CaptchaVerifier {
  if (!options) {
    return { enabled: false, verify: () => Promise.resolve({ ok: true, score: undefined }) };
  }
  const doFetch = options.fetch ?? fetch;
  return {
    enabled: true,
    async verify(token, action) {
      if (!token) return { ok: false, reason: "missing-token" };
      if (!TOKEN.test(token)) return { ok: false, reason: "invalid-token" };
      let answer: z.infer<typeof answerSchema>;
      try {
        const res = await doFetch(options.verifyUrl, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body: new URLSearchParams({ secret: options.secret, response: token }).toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!res.ok) return { ok: false, reason: "unavailable", codes: [`http-${res.status}`] };
        answer = answerSchema.parse(await res.json());
      } catch (error) {
        return { ok: false, reason: "unavailable", codes: [error instanceof Error ? error.name : "error"] };
      }
      if (!answer.success) return { ok: false, reason: "invalid-token", codes: answer["error-codes"] };
      if (answer.action !== action) return { ok: false, reason: "wrong-action" };
      if (answer.score === undefined || answer.score < options.minScore) return { ok: false, reason: "low-score" };
      return { ok: true, score: answer.score };
    },
  };
}
