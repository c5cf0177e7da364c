// `npm run demo-wordpress -- --port N [--host H] [--scale S] [--public-url U]`: the bundled demo
// catalogue alone, as a WordPress-compatible host. DEMO_SCALE in the environment sets the scale
// when --scale is not given. Stops cleanly on SIGINT and SIGTERM.
import { parseArgs } from "node:util";
import { startDemoWordPress } from "./server";

function fail(message: string): never {
  process.stderr.write(`demo-wordpress: ${message}\n`);
  process.exit(2);
}

function integer(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    fail(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return Number(value);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string", short: "p" },
        host: { type: "string" },
        scale: { type: "string" },
        "public-url": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(
      "Usage: npm run demo-wordpress -- --port 8080 [--host 127.0.0.1] [--scale 1] [--public-url http://…]\n",
    );
    return;
  }
  const port = integer("--port", values.port, 0, 65535) ?? 8080;
  const scale = integer("--scale", values.scale, 1, 50) ?? integer("DEMO_SCALE", process.env.DEMO_SCALE, 1, 50) ?? 1;
  const started = await startDemoWordPress({
    port,
    host: values.host ?? "127.0.0.1",
    scale,
    publicUrl: values["public-url"],
  });
  process.stdout.write(`Demo WordPress (scale ${scale}) at ${started.url}/wp-json/\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`demo-wordpress: ${signal}, stopping\n`);
    started.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
