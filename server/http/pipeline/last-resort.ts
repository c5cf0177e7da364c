// The last error handler: no stack trace ever reaches a visitor. Bad input is a 4xx with a message;
// anything else is logged and answered with the last-resort page.
import type { ErrorRequestHandler } from "express";
import type { Logger } from "../../logger";
import { lastResortHtml } from "../../../common/last-resort";

export function lastResortErrors(logger: Logger): ErrorRequestHandler {
  return (thrown: unknown, req, res, _next) => {
    // express's and body-parser's errors carry an HTTP status and say whether their message may be shown.
    const error = (typeof thrown === "object" && thrown !== null ? thrown : {}) as {
      status?: unknown;
      expose?: unknown;
      message?: unknown;
    };
    const status = typeof error.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status >= 500)
      logger.error({ err: thrown, reqId: res.locals.scope?.requestId, path: req.path }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(status).setHeader("Cache-Control", "no-store");
    if (status >= 500) return res.type("html").send(lastResortHtml);
    res
      .type("text/plain")
      .send(
        status === 404
          ? "This page could not be found\n"
          : `Bad request: ${error.expose === true && typeof error.message === "string" ? error.message : "the request could not be understood"}\n`,
      );
  };
}
