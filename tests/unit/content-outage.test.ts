// The content layer answers WordPress's outages in domain terms, and only the HTTP boundary turns
// them into answers: an unreachable WordPress or an unreadable answer is ContentUnavailable with
// a retry hint, a refused language is ContentNotFound; loaders then see a 503 and a 404.
import { describe, expect, it } from "vitest";
import type { ContentService } from "../../common/content";
import { ContentNotFound, ContentUnavailable, RETRY_AFTER_SECONDS, withOutages } from "../../server/content/outage";
import { WordPressError } from "../../server/content/wordpress-client";
import { answeringContentErrors } from "../../server/http/content-answers";

const failing = (error: Error) => ({ getCompany: () => Promise.reject(error) }) as unknown as ContentService;
const unreachable = new WordPressError({
  code: "network",
  status: 0,
  message: "WordPress /wp/v2/pages unreachable",
  endpoint: "/wp/v2/pages",
});
const unusable = new WordPressError({
  code: "invalid_json",
  status: 200,
  message: "not JSON",
  endpoint: "/wp/v2/pages",
});
const refusedItalian = new WordPressError({
  code: "rest_invalid_param",
  status: 400,
  message: "Invalid parameter(s): lang",
  endpoint: "/wp/v2/pages",
  body: { code: "rest_invalid_param", data: { params: { lang: "lang is not one of en." } } },
});

function noted() {
  const seen: string[] = [];
  return {
    seen,
    handlers: {
      onOutage: () => void seen.push("outage"),
      onUnusable: () => void seen.push("unusable"),
      onLanguageRefused: () => void seen.push("refused"),
    },
  };
}

describe("the content layer's outages", () => {
  it("are ContentUnavailable with a retry hint when WordPress cannot be asked or answers something unreadable", async () => {
    for (const [error, note] of [
      [unreachable, "outage"],
      [unusable, "unusable"],
    ] as const) {
      const { seen, handlers } = noted();
      const thrown = await withOutages(failing(error), handlers)
        .getCompany("en")
        .catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(ContentUnavailable);
      expect((thrown as ContentUnavailable).retryAfterSeconds).toBe(RETRY_AFTER_SECONDS);
      expect((thrown as ContentUnavailable).origin).toBe(error);
      expect(seen).toEqual([note]);
    }
  });

  it("are ContentNotFound for a language WordPress refuses", async () => {
    const { seen, handlers } = noted();
    await expect(withOutages(failing(refusedItalian), handlers).getCompany("it")).rejects.toBeInstanceOf(
      ContentNotFound,
    );
    expect(seen).toEqual(["refused"]);
  });

  it("leave every other error as it is", async () => {
    const bug = new TypeError("a bug of ours");
    await expect(withOutages(failing(bug), noted().handlers).getCompany("en")).rejects.toBe(bug);
  });
});

describe("the HTTP boundary", () => {
  const answer = async (error: Error) =>
    (await answeringContentErrors(failing(error))
      .getCompany("en")
      .catch((e: unknown) => e)) as { data: unknown; init: ResponseInit | null };

  it("answers unavailable content with a 503 and content not found with a 404", async () => {
    expect(await answer(new ContentUnavailable(unreachable))).toMatchObject({
      data: { unavailable: true },
      init: { status: 503 },
    });
    expect(await answer(new ContentNotFound("no Italian"))).toMatchObject({ data: null, init: { status: 404 } });
  });

  it("passes every other error on", async () => {
    const bug = new TypeError("a bug of ours");
    expect(await answer(bug)).toBe(bug);
  });
});
