// Errors in the same calm layout: a short sentence and a way home. 404 says
// 'This page could not be found'; anything else is a generic failure with a reference
// (the time it happened) that a visitor can quote. Details only in development.
import { useEffect, useState } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { SmartLink } from "./SmartLink";
import { langFromPath, localizePath } from "../../common/locale";
import { pageTitle } from "../lib/seo";
import { useAppErrors } from "../stores/app-errors";
import { useT } from "../lib/i18n";

export function ErrorPage({
  status,
  error,
  standalone = false,
}: {
  status: number;
  error: unknown;
  standalone?: boolean;
}) {
  const t = useT();
  const { pathname } = useLocation();
  const lang = langFromPath(pathname);
  const notFound = status === 404;
  const record = useAppErrors((s) => s.record);
  const [at] = useState(() => new Date());
  useEffect(() => {
    record({
      status,
      message:
        error instanceof Error
          ? error.message
          : isRouteErrorResponse(error)
            ? String(error.statusText || error.status)
            : String(error),
    });
  }, [error, status, record]);

  // 503: WordPress cannot be reached and nothing is cached (server/content/outage.ts).
  const unavailable = status === 503;
  const title = notFound
    ? t("errors.notFoundTitle")
    : unavailable
      ? t("errors.unavailableTitle")
      : t("errors.genericTitle");
  const body = (
    <main id="main" className="error-page" tabIndex={-1}>
      <title>{pageTitle(title)}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1 className="error-page__title">{notFound ? t("errors.notFound") : title}</h1>
      {notFound && lang !== "en" ? (
        <p className="error-page__secondary" lang="en">
          This page could not be found
        </p>
      ) : null}
      <p className="error-page__text">
        {notFound ? t("errors.notFoundHint") : unavailable ? t("errors.unavailable") : t("errors.generic")}
      </p>
      {!notFound ? (
        <p className="error-page__reference">
          {t("errors.reference", { reference: status, time: at.toISOString().replace("T", " ").slice(0, 19) + " UTC" })}
        </p>
      ) : null}
      <p className="error-page__actions">
        <SmartLink className="button" to={localizePath(lang)} reloadDocument={standalone}>
          {t("errors.backHome")}
        </SmartLink>
      </p>
      {import.meta.env.DEV && error instanceof Error ? <pre className="error-page__details">{error.stack}</pre> : null}
    </main>
  );
  if (!standalone) return body;
  return (
    <div className="page page--standalone">
      <header className="site-header site-header--minimal">
        <div className="site-header__inner">
          <a href={localizePath(lang)} className="wordmark" aria-label="FC">
            <span className="wordmark__letters">FC</span>
          </a>
        </div>
      </header>
      {body}
    </div>
  );
}
