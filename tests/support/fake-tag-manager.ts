// A fake tag-manager script host: GET /gtm.js?id=… answers a script that marks itself loaded,
// and every request is recorded so a test can prove nothing was fetched before consent.
import { listen, type FakeServer } from "./fake-server";

export interface FakeTagManager extends FakeServer {
  scriptUrl: string;
  requests: string[];
}

export async function startFakeTagManager(): Promise<FakeTagManager> {
  const state = { requests: [] as string[] };
  const server = await listen((req, res) => {
    state.requests.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname !== "/gtm.js") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" });
    res.end(
      `window.__fakeTagManager=(window.__fakeTagManager||0)+1;(window.dataLayer=window.dataLayer||[]).push({event:"fake.gtm.loaded",id:${JSON.stringify(url.searchParams.get("id"))}});`,
    );
  });
  return Object.assign(state, server, { scriptUrl: `${server.url}/gtm.js` });
}
