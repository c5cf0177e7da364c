// A fake of the captcha provider (v3): the browser script (`api.js?render={siteKey}` defining
// `grecaptcha.ready` and `grecaptcha.execute(siteKey, {action})`) and the verify endpoint (POST,
// form-encoded `secret`, `response` → {success, score, action, challenge_ts, hostname,
// error-codes}). Tokens are "{action}.{nonce}", each valid once; `score` and `actionOverride`
// let a test play a suspicious visitor or a token minted for another form.
import { listen, readBody, json, type FakeServer } from "./fake-server";

export interface FakeCaptcha extends FakeServer {
  scriptUrl: string;
  verifyUrl: string;
  score: number;
  actionOverride: string | undefined;
  mode: "ok" | "error";
  scriptLoads: number;
  verifications: { secret: string | null; response: string | null }[];
}

export async function startFakeCaptcha(options: { siteKey: string; secret: string }): Promise<FakeCaptcha> {
  const state = {
    score: 0.9,
    actionOverride: undefined as string | undefined,
    mode: "ok" as FakeCaptcha["mode"],
    scriptLoads: 0,
    verifications: [] as FakeCaptcha["verifications"],
  };
  const used = new Set<string>();
  const server = await listen(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/recaptcha/api.js") {
      state.scriptLoads++;
      const key = url.searchParams.get("render") ?? "";
      res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" });
      res.end(
        `(function(){var key=${JSON.stringify(key)};var n=0;window.grecaptcha={ready:function(cb){setTimeout(cb,0)},execute:function(k,o){if(k!==key||k!==${JSON.stringify(options.siteKey)})return Promise.reject(new Error("Invalid site key or not loaded in api.js: "+k));n++;return Promise.resolve(o.action+"."+Date.now().toString(36)+n)}};})();`,
      );
      return;
    }
    if (req.method === "POST" && url.pathname === "/recaptcha/siteverify") {
      const form = new URLSearchParams((await readBody(req)).toString("utf8"));
      const secret = form.get("secret");
      const response = form.get("response");
      state.verifications.push({ secret, response });
      if (state.mode === "error") return json(res, 503, { error: "unavailable" });
      if (secret !== options.secret) return json(res, 200, { success: false, "error-codes": ["invalid-input-secret"] });
      const match = /^([A-Za-z0-9_/]+)\.[a-z0-9]+$/.exec(response ?? "");
      if (!match) return json(res, 200, { success: false, "error-codes": ["invalid-input-response"] });
      if (used.has(response!)) return json(res, 200, { success: false, "error-codes": ["timeout-or-duplicate"] });
      used.add(response!);
      return json(res, 200, {
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: "127.0.0.1",
        score: state.score,
        action: state.actionOverride ?? match[1],
      });
    }
    json(res, 404, { error: "not found" });
  });
  return Object.assign(state, server, {
    scriptUrl: `${server.url}/recaptcha/api.js`,
    verifyUrl: `${server.url}/recaptcha/siteverify`,
  });
}
