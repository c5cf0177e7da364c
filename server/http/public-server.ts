// The public port (PORT): the site's HTTP server, with the timeouts and accept queue a site
// behind a load balancer and a CDN needs.
import http from "node:http";

export async function startPublicServer(handle: http.RequestListener, port: number): Promise<http.Server> {
  const server = http.createServer(handle);
  // Above a load balancer's idle timeout (typically 60 s), so the balancer closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;
  // A burst of new connections (a CDN letting 1,000 visitors through at once) must wait in the
  // kernel's accept queue, not be dropped from it: a dropped connection is retried by the client
  // after 1 s, then 3 s (bench case (e): p50 3.5 s, p99 6.3 s with Node's default of 511, most of
  // it in SYN retries). The kernel caps this at net.core.somaxconn.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, backlog: 4096 }, resolve);
  });
  return server;
}
