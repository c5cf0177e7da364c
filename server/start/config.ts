// What every part of the process is started with: the configuration (refused at once when the
// process cannot run with it: exit 78), the logger and the metrics.
import { ConfigError, loadConfig, type Config } from "../config";
import type { Metrics } from "../http/metrics";
import type { Logger } from "../logger";

export interface Essentials {
  config: Config;
  logger: Logger;
  metrics: Metrics;
}

/** The environment as one Config, in development with `--dev`. */
export function loadSiteConfig(dev: boolean): Config {
  try {
    return loadConfig({ ...process.env, NODE_ENV: dev ? "development" : process.env.NODE_ENV });
  } catch (error) {
    exitIfMisconfigured(error);
  }
}

/** A configuration the process cannot run with: its message (naming the variable) and exit 78. */
export function exitIfMisconfigured(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(78);
}
