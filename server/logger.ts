// One pino logger for the process. Authorization headers, cookies and secrets are redacted.
import pino from "pino";

export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.secret",
        "*.token",
        "*.apiKey",
        "*.apiToken",
      ],
      censor: "[redacted]",
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
