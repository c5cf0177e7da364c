// Projects: one long page, a band per project led by its imagemap; a product from
// a hotspot or a project's list opens over it (/projects/products/{id}).
import { useLocation, useOutlet } from "react-router";
import type { Route } from "./+types/projects";
import { siteContext } from "../lib/context";
import { langOf, metaFrom } from "../lib/route-helpers";
import { alternatePath, langFromPath, localizePath, productPath, LANGS, type Lang } from "../../common/locale";
import { i18nFor, useT } from "../lib/i18n";
import { Imagemap } from "../components/Imagemap";
import { ProductGrid } from "../components/ProductCard";
import { projectView } from "../lib/product-cards";
import { ResponsiveImage } from "../components/ResponsiveImage";
import { Prose } from "../components/Prose";
import { ListingHeader } from "../components/ListingHeader";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(siteContext);
  const lang = langOf(url);
  const projects = await content.listProjects(lang);
  const listPath = localizePath(lang, "projects");
  const t = i18nFor(lang).t;
  return {
    projects: projects.map(projectView),
    alternates: Object.fromEntries(LANGS.map((l) => [l, alternatePath(listPath, l)])) as Record<Lang, string>,
    title: t("nav.projects"),
    description: t("projects.description"),
  };
}

export const meta: Route.MetaFunction = (args) => metaFrom(args);

export default function Projects({ loaderData }: Route.ComponentProps) {
  const t = useT();
  // The product dialog, when a product is open over this page (its child route).
  const dialog = useOutlet();
  const lang = langFromPath(useLocation().pathname);
  const listPath = localizePath(lang, "projects");
  const hrefOf = (p: { id: number }) => productPath(listPath, lang, p.id);
  return (
    <main id="main" className="projects" tabIndex={-1}>
      <ListingHeader title={t("nav.projects")} lede={t("projects.description")} />
      {loaderData.projects.map((project, i) => (
        <section key={project.id} className="project-band" aria-labelledby={`project-${project.id}`}>
          {project.imagemap ? (
            <Imagemap imagemap={project.imagemap} hrefOf={hrefOf} priority={dialog === null && i === 0} />
          ) : (
            <ResponsiveImage image={project.image} ratio="16 / 9" sizes="100vw" priority={dialog === null && i === 0} />
          )}
          <div className="project-band__text">
            <p className="label">{[project.location, project.year].filter(Boolean).join(" · ")}</p>
            <h2 id={`project-${project.id}`} className="section-title">
              {project.name}
            </h2>
            <Prose html={project.descriptionHtml} />
          </div>
          {project.products.length > 0 ? (
            <ProductGrid products={project.products} hrefOf={hrefOf} label={project.name} aboveFold={dialog === null} />
          ) : null}
        </section>
      ))}
      {dialog}
    </main>
  );
}
