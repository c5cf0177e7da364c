// The company pages — about, manufacture, funding, prove, contact, newsletter — each a WordPress
// page in a long-form reading layout (DESIGN.md). The path word names the page.
import type { Route } from "./+types/company-page";
import { siteContext } from "../lib/context";
import { langOf, metaFrom, notFound } from "../lib/route-helpers";
import { COMPANY_PAGES, parsePath, sectionOf, type CompanyPage } from "../lib/locale";
import { alternatesFor } from "../lib/alternates.server";
import { Prose } from "../components/Prose";
import { ResponsiveImage } from "../components/ResponsiveImage";

export function companyPageOf(pathname: string): CompanyPage | undefined {
  const { lang, words } = parsePath(pathname);
  const section = sectionOf(words[0], lang);
  return (COMPANY_PAGES as readonly string[]).includes(section ?? "") ? (section as CompanyPage) : undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { content } = context.get(siteContext);
  const lang = langOf(request);
  const path = new URL(request.url).pathname;
  const key = companyPageOf(path);
  if (!key) notFound();
  const [page, alternates] = await Promise.all([content.getPage(key, lang), alternatesFor(content, path)]);
  if (!page) notFound();
  return { key, page, alternates, title: page.title, description: page.excerpt, image: page.image };
}

export const meta: Route.MetaFunction = (args) => metaFrom(args, { type: "article" });

export default function CompanyPageRoute({ loaderData }: Route.ComponentProps) {
  const { page, key } = loaderData;
  return (
    <main id="main" className={`reading reading--${key}`} tabIndex={-1}>
      <article>
        <header className="reading__header">
          <h1 className="display">{page.title}</h1>
          {page.excerpt ? <p className="lede">{page.excerpt}</p> : null}
        </header>
        {page.image ? (
          <figure className="reading__figure">
            <ResponsiveImage image={page.image} ratio="16 / 9" sizes="(min-width: 1100px) 1100px, 100vw" priority />
          </figure>
        ) : null}
        <Prose html={page.contentHtml} className="reading__body" />
      </article>
    </main>
  );
}
