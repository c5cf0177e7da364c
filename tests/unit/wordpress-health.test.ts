// What readiness says about WordPress, from the site's own answers and the probe: reachability,
// and the credentials' verdict (ignored, refused, unknown user, switched off). `ignored` only the
// probe clears — an anonymous public read works all the same; a refusal ends with any answer to a
// request that carried them. One log line per change.
import { describe, expect, it } from "vitest";
import { credentialProblemOf, createWordPressHealth, type WordPressState } from "../../server/content/wordpress-health";
import { WordPressError, type WordPressClient } from "../../server/content/wordpress-client";
import type { Logger } from "../../server/logger";

function harness(credentialsSent: boolean) {
  let answer: { status: number; code?: string } = { status: 200 };
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const log = (level: string) => (fields: Record<string, unknown>, message: string) =>
    void lines.push({ level, fields, message });
  const logger = { info: log("info"), warn: log("warn"), error: log("error") } as unknown as Logger;
  const client: WordPressClient = {
    get: async <T>() => {
      if (answer.status >= 200 && answer.status < 300)
        return { data: {} as T, status: answer.status, total: null, totalPages: null, endpoint: "wp/v2/users/me" };
      throw new WordPressError({
        code: answer.code ?? `http_${answer.status}`,
        status: answer.status,
        message: "refused",
        endpoint: "wp/v2/users/me",
      });
    },
  };
  const changes: WordPressState[] = [];
  let authFailures = 0;
  const health = createWordPressHealth({
    probeClient: client,
    credentialsSent,
    logger,
    onChange: (s) => changes.push(s),
    onAuthFailure: () => authFailures++,
  });
  return {
    health,
    lines,
    changes,
    answerWith: (a: typeof answer) => void (answer = a),
    authFailures: () => authFailures,
  };
}

describe("WordPress's state for readiness", () => {
  it("names why the credentials fail", () => {
    expect(credentialProblemOf(401, "rest_not_logged_in", true)).toBe("ignored");
    expect(credentialProblemOf(401, "incorrect_password", true)).toBe("refused");
    expect(credentialProblemOf(401, "invalid_username", true)).toBe("unknown-user");
    expect(credentialProblemOf(401, "application_passwords_disabled_for_user", true)).toBe("disabled");
    expect(credentialProblemOf(401, "rest_not_logged_in", false)).toBe("login-required");
    expect(credentialProblemOf(403, "rest_forbidden", true)).toBeUndefined(); // a draft: not found
    expect(credentialProblemOf(200, undefined, true)).toBeUndefined();
  });

  it("keeps 'unauthorized' while ignored credentials let pages read anonymously; one line per change", async () => {
    const h = harness(true);
    h.answerWith({ status: 401, code: "rest_not_logged_in" });
    expect(await h.health.probe()).toBe("unauthorized");
    h.health.noteAnswer(200, undefined); // a public list, read as anonymous
    expect(h.health.state).toBe("unauthorized");
    await h.health.probe(); // the same verdict again: no new line
    h.answerWith({ status: 401, code: "incorrect_password" });
    await h.health.probe(); // another reason: a line saying so
    // WordPress checks credentials it reads: an answer to a request that carried them ends a refusal.
    h.health.noteAnswer(200, undefined);
    expect(h.health.state).toBe("up");
    h.answerWith({ status: 200 });
    expect(await h.health.probe()).toBe("up");
    h.health.noteAnswer(0, "network");
    expect(h.health.state).toBe("down");
    expect(h.changes).toEqual(["unauthorized", "up", "down"]);
    expect(h.lines.map((l) => [l.level, l.fields.problem])).toEqual([
      ["error", "ignored"],
      ["error", "refused"],
      ["info", undefined],
      ["warn", undefined],
    ]);
    expect(h.authFailures()).toBe(3);
  });

  it("without credentials, reads users/me's refusal as WordPress answering", async () => {
    const h = harness(false);
    h.answerWith({ status: 401, code: "rest_not_logged_in" });
    expect(await h.health.probe()).toBe("up");
    h.answerWith({ status: 503, code: "http_503" });
    expect(await h.health.probe()).toBe("down");
    expect(h.authFailures()).toBe(0);
  });

  it("keeps WordPress up when one route fails with a PHP fatal, and down when a gateway says it is gone", async () => {
    const h = harness(false);
    expect(await h.health.probe()).toBe("up");
    h.health.noteAnswer(500, "http_500"); // stock wuxt's menu route on a post type archive item
    expect(h.health.state).toBe("up");
    h.health.noteAnswer(502, "http_502");
    expect(h.health.state).toBe("down");
    h.health.noteAnswer(500, "http_500");
    expect(h.health.state).toBe("down");
    h.health.noteAnswer(200, undefined);
    expect(h.health.state).toBe("up");
    expect(h.changes).toEqual(["up", "down", "up"]);
  });
});
