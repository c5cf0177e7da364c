// The browser's last resort: the root error boundary's page wrapped in a boundary of its
// own. If the error page throws while rendering, the visitor reads 'An error occurred while showing the error
// page' in the page's language and a link home (a full page load: nothing of the failed app is trusted) — never
// React Router's "Application Error" screen with a stack trace.
import { Component, type ReactNode } from "react";
import { LAST_RESORT_TEXT } from "../../common/last-resort";
import { localizePath, type Lang } from "../../common/locale";
import { reportClientError } from "../lib/client-error-reporter";

export class LastResortBoundary extends Component<{ lang: Lang; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportClientError(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const text = LAST_RESORT_TEXT[this.props.lang];
    return (
      <main
        id="main"
        className="error-page error-page--last-resort"
        tabIndex={-1}
        style={{
          minHeight: "100vh",
          display: "grid",
          placeContent: "center",
          justifyItems: "center",
          textAlign: "center",
        }}
      >
        <title>Error – FC</title>
        <meta name="robots" content="noindex" />
        <h1 className="error-page__title">{text.message}</h1>
        <p className="error-page__actions">
          <a className="button" href={localizePath(this.props.lang)}>
            {text.home}
          </a>
        </p>
      </main>
    );
  }
}
