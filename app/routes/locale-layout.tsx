// The layout of one language: header with the main menu, footer with the company's details.
// Each language has its own instance of this route (ids locale-en / locale-it), so switching
// language loads the menus in the new language, while navigating within a language does not.
import {
  Outlet,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/locale-layout";
import { siteContext } from "../lib/context";
import { langFromPath, listPathOf, localizePath } from "../../common/locale";
import { Header, fallbackMenu } from "../components/Header";
import { Footer } from "../components/Footer";
import { ErrorPage } from "../components/ErrorPage";
import { PageTransition } from "../components/PageTransition";
import { settle } from "../lib/settle";
import { usePublicConfig } from "../lib/use-public-config";
import { useT } from "../lib/i18n";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(siteContext);
  const lang = langFromPath(url.pathname);
  // The chrome is deferred-style data: if WordPress fails, the page still renders with the
  // built-in menu (a null menu) rather than failing as a whole.
  const [header, footer, company] = await Promise.all([
    settle(content.getMenu("header", lang), null),
    settle(content.getMenu("footer", lang), null),
    settle(content.getCompany(lang), null),
  ]);
  return { lang, header, footer, company };
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod }) =>
  formMethod !== undefined && formMethod !== "GET"
    ? true
    : langFromPath(currentUrl.pathname) !== langFromPath(nextUrl.pathname);

function Chrome({
  data,
  children,
}: {
  data: Route.ComponentProps["loaderData"] | undefined;
  children: React.ReactNode;
}) {
  const t = useT();
  const { pathname } = useLocation();
  const lang = langFromPath(pathname);
  const root = usePublicConfig();
  const menu = data?.header ?? fallbackMenu(lang, t);
  return (
    <div className="page">
      <Header lang={lang} menu={menu} cookie={root.localeCookie} overHero={pathname === localizePath(lang)} />
      {children}
      <Footer lang={lang} menu={data?.footer ?? null} company={data?.company ?? null} />
    </div>
  );
}

export default function LocaleLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <Chrome data={loaderData}>
      <PageTransition pageKey={listPathOf(pathname)}>
        <Outlet />
      </PageTransition>
    </Chrome>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = useRouteLoaderData<typeof loader>(`locale-${langFromPath(useLocation().pathname)}`);
  return (
    <Chrome data={data}>
      <ErrorPage status={status} error={error} />
    </Chrome>
  );
}
