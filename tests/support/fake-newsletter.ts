// A fake of the email provider's contacts API as the newsletter adapter uses it (GetResponse
// API v3): POST {base}/contacts with `X-Auth-Token: api-key {key}` and a JSON body
// {email, name, campaign: {campaignId}} → 202 Accepted (empty body); 409 code 1008 for an address
// already on the list; 400 code 1000 with a context naming the field for invalid input; 401
// code 1014 for a wrong key. `mode` makes it fail like a provider that is down.
import { listen, readBody, json, type FakeServer } from "./fake-server";

export interface FakeNewsletter extends FakeServer {
  /** The API base to configure as NEWSLETTER_API_URL. */
  apiUrl: string;
  requests: { headers: Record<string, string | string[] | undefined>; body: unknown }[];
  contacts: Set<string>;
  mode: "ok" | "error" | "slow";
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

function error(httpStatus: number, code: number, codeDescription: string, message: string, context: unknown = []) {
  return {
    httpStatus,
    code,
    codeDescription,
    message,
    moreInfo: `https://apidocs.getresponse.com/v3/errors/${code}`,
    context,
    uuid: "00000000-0000-4000-8000-000000000000",
  };
}

export async function startFakeNewsletter(options: {
  apiKey: string;
  listId: string;
  base?: string;
}): Promise<FakeNewsletter> {
  const base = options.base ?? "/v3";
  // The handler reads the same object the test holds, so `fake.mode = "error"` takes effect.
  const state = {
    requests: [] as FakeNewsletter["requests"],
    contacts: new Set<string>(),
    mode: "ok" as FakeNewsletter["mode"],
  };
  const server = await listen(async (req, res) => {
    if (req.method !== "POST" || req.url !== `${base}/contacts`)
      return json(res, 404, error(404, 1013, "Requested resource not found", "Not found"));
    const raw = await readBody(req);
    let body: { email?: unknown; name?: unknown; campaign?: { campaignId?: unknown } } | undefined;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      body = undefined;
    }
    state.requests.push({ headers: req.headers, body });
    if (state.mode === "error") return json(res, 503, error(503, 1, "Internal error", "Service unavailable"));
    if (state.mode === "slow") await new Promise((r) => setTimeout(r, 15_000));
    if (req.headers["x-auth-token"] !== `api-key ${options.apiKey}`) {
      return json(
        res,
        401,
        error(
          401,
          1014,
          "Problem during authentication process, check headers!",
          "Unable to authenticate request. Check credentials or authentication method details",
        ),
      );
    }
    if (!String(req.headers["content-type"] ?? "").startsWith("application/json") || !body) {
      return json(
        res,
        400,
        error(
          400,
          1000,
          "General error of validation process, more details should be in context section",
          "Validation error",
          ["Invalid JSON"],
        ),
      );
    }
    if (body.campaign?.campaignId !== options.listId) {
      return json(
        res,
        400,
        error(
          400,
          1000,
          "General error of validation process, more details should be in context section",
          "Validation error",
          [{ fieldName: ["campaign", "campaignId"], errorDescription: "Campaign not found" }],
        ),
      );
    }
    const email = typeof body.email === "string" ? body.email.toLowerCase() : "";
    if (!EMAIL.test(email) || email.endsWith(".invalid")) {
      return json(
        res,
        400,
        error(
          400,
          1000,
          "General error of validation process, more details should be in context section",
          "Validation error",
          [{ fieldName: ["email"], errorDescription: "Email is invalid" }],
        ),
      );
    }
    if (state.contacts.has(email))
      return json(
        res,
        409,
        error(409, 1008, "There is another resource with the same value of unique property", "Contact already added"),
      );
    state.contacts.add(email);
    res.writeHead(202, { "Content-Length": "0" });
    res.end();
  });
  return Object.assign(state, server, { apiUrl: `${server.url}${base}` });
}
