// The company pages — about, manufacture, funding, prove, contact, newsletter — each a WordPress
// page in a long-form reading layout. The path word names the page. A page WordPress does not have
// is 404, except the form pages (contact, newsletter: FORM_PAGES), whose form is the site's own:
// they show their form under the section's name until an editor writes their copy.
import type { Route } from "./+types/company-page";
import { siteContext } from "../lib/context";
import { langOf, metaFrom, notFound } from "../lib/route-helpers";
import { COMPANY_PAGES, parsePath, sectionOf, type CompanyPage } from "../../common/locale";
import { hasOwnForm } from "../../common/route-table";
import { alternatesFor } from "../lib/alternates.server";
import { Prose } from "../components/Prose";
import { ResponsiveImage } from "../components/ResponsiveImage";
import { CompanyArticle } from "../components/CompanyArticle";
import { i18nFor, useT } from "../lib/i18n";

export function companyPageOf(pathname: string): CompanyPage | undefined {
  const { lang, words } = parsePath(pathname);
  const section = sectionOf(words[0], lang);
  return (COMPANY_PAGES as readonly string[]).includes(section ?? "") ? (section as CompanyPage) : undefined;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(siteContext);
  const lang = langOf(url);
  const path = url.pathname;
  const key = companyPageOf(path);
  if (!key) notFound();
  // The about page introduces the designers the objects are credited to.
  const [page, alternates, designers] = await Promise.all([
    content.getPage(key, lang),
    alternatesFor(content, url),
    key === "about" ? content.listDesigners(lang).catch(() => []) : Promise.resolve([]),
  ]);
  if (!page && !hasOwnForm(key)) notFound();
  const title = page?.title ?? i18nFor(lang).t(`nav.${key}`);
  return { key, page, designers, alternates, title, description: page?.excerpt ?? "", image: page?.image ?? null };
}

export const meta: Route.MetaFunction = (args) => metaFrom(args, { type: "article" });

export default function CompanyPageRoute({ loaderData }: Route.ComponentProps) {
  const { page, key, title, designers } = loaderData;
  const t = useT();
  return (
    <main id="main" className={`reading reading--${key}`} tabIndex={-1}>
      <CompanyArticle page={page} title={title} />
      {designers.length > 0 ? (
        <section className="designers" aria-labelledby="designers-title">
          <h2 id="designers-title" className="section-title">
            {t("about.designers")}
          </h2>
          <ul className="designers__list">
            {designers.map((d) => (
              <li key={d.id} className="designer">
                <ResponsiveImage image={d.image} ratio="1" sizes="(min-width: 900px) 20vw, 45vw" alt="" />
                <h3 className="designer__name">{d.name}</h3>
                <p className="label">{[d.role, d.city].filter(Boolean).join(" · ")}</p>
                <Prose html={d.bioHtml} className="designer__bio" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
