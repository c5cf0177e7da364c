// The document: <html lang>, the head, the body's attributes, the loading bar,
// and the last error boundary. Language comes from the path prefix, never from a cookie, so every
// page but / is the same for every visitor and can be cached.
import { lazy, Suspense, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
  type ShouldRevalidateFunction,
} from "react-router";
import { I18nextProvider } from "react-i18next";
import type { Route } from "./+types/root";
import { siteContext } from "./lib/context";
import { i18nFor, loadMessages } from "./lib/i18n";
import { siteDescription } from "./lib/seo";
import { DEFAULT_LANG, langFromPath } from "../common/locale";
import { LoadingBar } from "./components/LoadingBar";
import { ErrorPage } from "./components/ErrorPage";
import { LastResortBoundary } from "./components/LastResort";
import { useScrollDirection } from "./lib/use-scroll-direction";
import { useChunkTimeoutGuard } from "./lib/use-chunk-timeout";
import { CONSENT_DEFAULT_SCRIPT, useAnalytics } from "./lib/analytics";
import { installClientErrorReporter, noteClientPageView } from "./lib/client-error-reporter";
import { SiteStatus } from "./lib/offline-notice";
import { markHydrated } from "./lib/hydration";
import { EARLY_CLICKS_SCRIPT, replayEarlyClicks } from "./lib/early-clicks";
import styles from "./styles/app.css?url";
import { BRAND } from "../common/brand";
import { APP_VERSION } from "../common/release";

// A chunk of its own (first-load weight, scripts/weight.mjs): the banner only exists in the browser, after hydration,
// and only where there is something to consent to (GTM_ID set).
const ConsentBanner = lazy(() =>
  import("./components/consent/ConsentBanner").then((m) => ({ default: m.ConsentBanner })),
);

export const FONT_STYLESHEET = "/fonts/fonts.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

// Uncaught errors in the browser reach the operators (POST /api/client-errors).
if (typeof window !== "undefined") installClientErrorReporter(APP_VERSION);

// A language WordPress does not serve (server/content/site-languages.ts): every page of it is
// "not found", before any loader asks WordPress for it.
export const middleware: Route.MiddlewareFunction[] = [
  ({ url, context }) => {
    // The prefix in any letter case (/IT/prodotti): React Router matches it, so it must be refused too.
    const pathname = url.pathname.toLowerCase();
    if (!context.get(siteContext).languages.isServed(langFromPath(pathname)))
      throw data(null, { status: 404, statusText: "Not Found" });
  },
];

export function loader({ context }: Route.LoaderArgs) {
  const { publicConfig, integrations, languages } = context.get(siteContext);
  return { config: publicConfig, features: integrations.flags, languages: languages.served() };
}

/**
 * Every navigation in the browser waits for the messages of the language it goes to (and of the
 * default language, the fallback), so no route of a language ever renders without them: the
 * switcher, Back and Forward across languages, links in WordPress content all come through here.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    await Promise.all([loadMessages(langFromPath(new URL(request.url).pathname)), loadMessages(DEFAULT_LANG)]);
    return next();
  },
];

/** The site's description: the head of a page without a meta of its own (an error page). */
export const meta: Route.MetaFunction = ({ location }) => [
  { name: "description", content: siteDescription(langFromPath(location.pathname)) },
];

// Public configuration does not change while the page is open.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  const { pathname } = location;
  const lang = langFromPath(pathname);
  const i18n = i18nFor(lang);
  const data = useRouteLoaderData<typeof loader>("root");
  useScrollDirection();
  useFontStylesheet();
  useAnalytics();
  useEffect(() => noteClientPageView(), [location.key]);
  return (
    <html lang={lang} data-scroll-direction="up">
      <head>
        <meta charSet="utf-8" />
        {/* Consent Mode defaults (denied) before anything else; static, so a CSP hash can allow it. */}
        {data?.config.gtmId ? <script dangerouslySetInnerHTML={{ __html: CONSENT_DEFAULT_SCRIPT }} /> : null}
        {/* Clicks on buttons before hydration are kept and replayed (lib/early-clicks.ts). */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_CLICKS_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="keywords" content={i18n.t("keywords")} />
        <meta name="theme-color" content={BRAND.theme} />
        <meta name="application-name" content="FC" />
        <meta name="apple-mobile-web-app-title" content="FC" />
        <meta name="generator" content={`FC ${data?.config.version ?? APP_VERSION}`} />
        <Meta />
        <Links />
      </head>
      <body data-theme="original" data-header="shown" data-footer="shown">
        <I18nextProvider i18n={i18n}>
          <a className="skip-link" href="#main">
            {i18n.t("skipToContent")}
          </a>
          {data?.config.gtmId ? (
            <Suspense fallback={null}>
              <ConsentBanner />
            </Suspense>
          ) : null}
          <LoadingBar />
          {children}
          <SiteStatus />
        </I18nextProvider>
        {/* Scroll: keyed per history entry, so a new navigation starts at the top (or at
            its hash; html's scroll-behavior makes it smooth) and Back/Forward restore where the
            visitor was. Opening and closing a product dialog passes preventScrollReset: the list
            underneath stays where it is. */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The font stylesheet is added once the page is ready: first paint never waits for it. */
function useFontStylesheet() {
  useEffect(() => {
    if (document.querySelector(`link[href="${FONT_STYLESHEET}"]`)) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = FONT_STYLESHEET;
    document.head.appendChild(link);
  }, []);
}

export default function App() {
  useChunkTimeoutGuard();
  useEffect(() => {
    markHydrated();
    // After every child's effects (the wishlist store has read the browser's list by now).
    replayEarlyClicks();
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <LastResortBoundary lang={langFromPath(useLocation().pathname)}>
      <ErrorPage status={status} error={error} standalone />
    </LastResortBoundary>
  );
}
