// A WordPress company page in the long-form reading layout: title, lede, a wide
// image, then the sanitised content; pages with a form (contact, newsletter) add it as children,
// and have it even when WordPress has no page for them.
import type { Page } from "../../common/content";
import { Prose } from "./Prose";
import { ResponsiveImage } from "./ResponsiveImage";

/** `page` null: a form page WordPress has no page for, shown under `title` with its form only. */
export function CompanyArticle({
  page,
  title,
  children,
}: {
  page: Page | null;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <article>
      <header className="reading__header">
        <h1 className="display">{page?.title ?? title}</h1>
        {page?.excerpt ? <p className="lede">{page.excerpt}</p> : null}
      </header>
      {page?.image ? (
        <figure className="reading__figure">
          <ResponsiveImage image={page.image} ratio="16 / 9" sizes="(min-width: 1100px) 1100px, 100vw" priority />
        </figure>
      ) : null}
      {page ? <Prose html={page.contentHtml} className="reading__body" /> : null}
      {children}
    </article>
  );
}
