// What /readyz says about WordPress: `up`, `down`, `unauthorized` (it ignores or refuses the
// site's credentials) or `unknown` (nothing heard yet). Two sources keep it true: every answer
// the site's own requests get, and a background probe every 10 s (unref'd, stopped on shutdown),
// so the state is never older than 15 s even with no traffic at all.
//
// The probe asks `GET /wp-json/wp/v2/users/me`. With WP_USER / WP_APP_PASSWORD set it is the
// credential check as well (at start and every probe): users/me never answers an anonymous 200, so
// - 200: the credentials work;
// - 401 `rest_not_logged_in`: WordPress ignored the Authorization header (application passwords
//   are read over HTTPS only, unless WP_ENVIRONMENT_TYPE=local; or a proxy dropped the header) —
//   the site reads as anonymous while believing it is signed in;
// - 401 `incorrect_password` (a wrong or revoked application password: WordPress says the same
//   for both), `invalid_username`, `application_passwords_disabled…`: refused.
// Without credentials any answer below 500 means WordPress is up (and a login wall met by the
// site's own reads, `rest_not_logged_in` on a public list, is `unauthorized` until a read works).
//
// Invariant: a credential verdict comes from the probe (or a refusal seen in traffic); `ignored`
// holds until the probe says otherwise — a public page read succeeds anonymously all the same —
// while a refusal also ends with any successful answer (WordPress checks credentials it reads).
import type { Logger } from "../logger";
import { isAuthenticationFailure, isWordPressError, type WordPressClient } from "./wordpress-client";

export type WordPressState = "up" | "down" | "unknown" | "unauthorized";

/** Why WordPress does not take the site's credentials, for the log. */
export type CredentialProblem = "ignored" | "refused" | "unknown-user" | "disabled" | "login-required";

export const PROBE_INTERVAL_MS = 10_000;

/** Each reason's log line: one prefix for all ("WordPress refuses the site's credentials"), then why. */
const PROBLEM_EXPLAINED: Record<CredentialProblem, string> = {
  ignored:
    "it ignores them (users/me answered rest_not_logged_in): application passwords are only read over HTTPS (or with WP_ENVIRONMENT_TYPE=local), or a proxy drops the Authorization header",
  refused: "the application password is wrong or was revoked (incorrect_password)",
  "unknown-user": "it does not know WP_USER (invalid_username)",
  disabled: "application passwords are switched off (for the site or for WP_USER)",
  "login-required": "it asks for a login to read its REST API, and the site has none (WP_USER / WP_APP_PASSWORD unset)",
};

/**
 * What one answer to the site's own reads says about reaching WordPress: no answer at all, or a
 * gateway's 502/503/504, says it is down; any other answer says it is up — except a 500 and the
 * like, one route's fault (a plugin's PHP fatal on a menu), which says nothing about the others:
 * the state stays as it was until the probe or another answer tells.
 */
export function reachabilityOf(status: number): "up" | "down" | undefined {
  if (status === 0 || status === 502 || status === 503 || status === 504) return "down";
  return status < 500 ? "up" : undefined;
}

/** What one answer (status and WordPress code) says about the credentials, when it says anything. */
export function credentialProblemOf(
  status: number,
  code: string | undefined,
  credentialsSent: boolean,
): CredentialProblem | undefined {
  if (!isAuthenticationFailure(status, code)) return undefined;
  if (!credentialsSent) return "login-required";
  if (code === "rest_not_logged_in") return "ignored";
  if (code === "invalid_username" || code === "invalid_email") return "unknown-user";
  if (code?.startsWith("application_passwords_disabled")) return "disabled";
  return "refused";
}

export interface WordPressHealthOptions {
  /** A client of its own (no concurrency gate: the probe must reach WordPress when the gate is full). */
  probeClient: WordPressClient;
  credentialsSent: boolean;
  logger: Logger;
  /** The state after every change (readiness reads it). */
  onChange(state: WordPressState): void;
  /** Each answer that refuses or ignores the credentials (`wp_origin_auth_failures_total`). */
  onAuthFailure(): void;
  intervalMs?: number;
}

export interface WordPressHealth {
  readonly state: WordPressState;
  /** An answer the site's own traffic got (status 0: none came). */
  noteAnswer(status: number, code: string | undefined): void;
  /** One probe now; resolves once its answer is noted. */
  probe(): Promise<WordPressState>;
  /** Probes now and then every `intervalMs`. */
  start(): Promise<WordPressState>;
  stop(): void;
}

/** The line an operator reads when WordPress's state (or the reason it refuses the credentials) changes. */
function logChange(
  logger: Logger,
  next: WordPressState,
  previous: WordPressState,
  problem: CredentialProblem | undefined,
  detail: Record<string, unknown>,
): void {
  if (next === "unauthorized")
    logger.error(
      { wordpress: next, previous, problem, ...detail },
      `WordPress refuses the site's credentials: ${PROBLEM_EXPLAINED[problem!]}`,
    );
  else if (next === "down") logger.warn({ wordpress: next, previous, ...detail }, "WordPress is unreachable");
  else
    logger.info(
      { wordpress: next, previous, ...detail },
      next === "up" ? "WordPress answers" : "WordPress state unknown",
    );
}

/**
 * The probe's request, users/me, and how WordPress answered: its status and error code, or status 0
 * when it could not be reached. Any other failure is thrown.
 */
async function askWhoAmI(client: WordPressClient): Promise<{ status: number; code: string | undefined }> {
  try {
    const { status } = await client.get("wp/v2/users/me", { context: "view" });
    return { status, code: undefined };
  } catch (error) {
    if (!isWordPressError(error)) throw error;
    return { status: error.status, code: error.code };
  }
}

export function createWordPressHealth(options: WordPressHealthOptions): WordPressHealth {
  const { logger, credentialsSent } = options;
  let reachable: "up" | "down" | "unknown" = "unknown";
  let problem: CredentialProblem | undefined;
  let current: WordPressState = "unknown";
  let reported: CredentialProblem | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<WordPressState> | undefined;

  const combined = (): WordPressState => (problem ? "unauthorized" : reachable);

  /** Logs once per change of state (or of the reason the credentials fail), with the reason. */
  function settle(detail: Record<string, unknown>) {
    const next = combined();
    if (next === current && problem === reported) return;
    const previous = current;
    current = next;
    reported = problem;
    if (next !== previous) options.onChange(next);
    logChange(logger, next, previous, problem, detail);
  }

  function noteAnswer(status: number, code: string | undefined) {
    const found = credentialProblemOf(status, code, credentialsSent);
    if (found) {
      problem = found;
      options.onAuthFailure();
    } else if (status >= 200 && status < 300 && problem !== "ignored") {
      // WordPress checks credentials it reads, so an answer to a request that carried them proves
      // them good (and without credentials, an anonymous read that works ends a login wall). Not
      // when it ignores them: it answers public reads anonymously all the same.
      problem = undefined;
    }
    reachable = reachabilityOf(status) ?? reachable;
    settle({ status, code, source: "request" });
  }

  async function probeOnce(): Promise<WordPressState> {
    const { status, code } = await askWhoAmI(options.probeClient);
    // Without credentials users/me always answers rest_not_logged_in: only reachability counts.
    if (credentialsSent && status > 0 && status < 500) {
      const found = credentialProblemOf(status, code, true);
      if (found) options.onAuthFailure();
      // Only the probe clears a credential verdict: it is the one request that tells.
      problem = found;
    }
    reachable = status > 0 && status < 500 ? "up" : "down";
    settle({ status, code, source: "probe" });
    return current;
  }

  function probe(): Promise<WordPressState> {
    // One probe at a time: a slow WordPress does not pile them up.
    running ??= probeOnce().finally(() => (running = undefined));
    return running;
  }

  return {
    get state() {
      return current;
    },
    noteAnswer,
    probe,
    start() {
      clearInterval(timer);
      timer = setInterval(
        () => void probe().catch((error: unknown) => logger.error({ err: error }, "WordPress probe failed")),
        options.intervalMs ?? PROBE_INTERVAL_MS,
      );
      timer.unref();
      return probe().catch((error: unknown) => {
        logger.error({ err: error }, "WordPress probe failed");
        return current;
      });
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
