// A reverse proxy in front of a running site that can play "a new deployment": everything is
// passed through, except that /sw.js gets `swSuffix` appended, which makes it a new worker for
// the browser (byte-different script), as a deployment's new precache list would.
import http from "node:http";
import { listen, type FakeServer } from "./fake-server";

export interface DeploymentProxy extends FakeServer {
  swSuffix: string;
}

export async function startDeploymentProxy(target: string): Promise<DeploymentProxy> {
  const state = { swSuffix: "" };
  const upstream = new URL(target);
  const server = await listen(
    (req, res) =>
      new Promise<void>((resolve) => {
        const headers = { ...req.headers, host: upstream.host };
        // The worker is altered on its way: ask for all of it, uncompressed.
        if ((req.url ?? "").split("?")[0] === "/sw.js") {
          delete headers["accept-encoding"];
          delete headers["if-none-match"];
          delete headers["if-modified-since"];
        }
        const forward = http.request(
          { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
          (answer) => {
            const isWorker = (req.url ?? "").split("?")[0] === "/sw.js" && state.swSuffix !== "";
            const headers = { ...answer.headers };
            if (isWorker) {
              delete headers["content-length"];
              delete headers.etag;
              delete headers["last-modified"];
            }
            res.writeHead(answer.statusCode ?? 502, headers);
            answer.on("end", () => {
              if (isWorker) res.write(`\n${state.swSuffix}\n`);
              res.end();
              resolve();
            });
            answer.on("data", (chunk: Buffer) => res.write(chunk));
          },
        );
        forward.on("error", () => {
          if (!res.headersSent) res.writeHead(502);
          res.end();
          resolve();
        });
        req.pipe(forward);
      }),
  );
  return Object.assign(state, server);
}
