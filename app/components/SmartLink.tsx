// The site's one link component for internal links: header, footer, breadcrumbs, pagination,
// cards, tiles, related objects. It prefetches its page when it comes into view (app/lib/prefetch.ts);
// `nav` makes it a NavLink (active state, aria-current) for menus. Links inside WordPress content
// are plain HTML: Prose gives them the same client navigation and prefetch.
import { useEffect, useRef, useState, type ComponentProps } from "react";
import { createPath, Link, NavLink, PrefetchPageLinks } from "react-router";
import { isPagePath, prefetchWhenVisible } from "../lib/prefetch";

type SmartLinkProps = ComponentProps<typeof Link> & {
  prefetchOnView?: boolean;
  /** Render a NavLink (menus): `end` as NavLink's. */
  nav?: boolean;
  end?: boolean;
};

export function SmartLink({ prefetchOnView = true, nav = false, end, to, ...rest }: SmartLinkProps) {
  const ref = useRef<HTMLAnchorElement>(null);
  // The page to prefetch, once the link has been seen: the path its anchor points to, which Link
  // resolved already (resolving it here too cost a second useHref per link on every render).
  const [prefetchPage, setPrefetchPage] = useState<string | null>(null);
  const target = typeof to === "string" ? to : createPath(to);
  const internal = typeof to !== "string" || isPagePath(to);

  useEffect(() => {
    const element = ref.current;
    if (!prefetchOnView || !internal || !element || rest.reloadDocument) return;
    return prefetchWhenVisible(element, () => setPrefetchPage(element.getAttribute("href")));
  }, [prefetchOnView, internal, target, rest.reloadDocument]);

  return (
    <>
      {nav ? (
        <NavLink ref={ref} to={to} end={end} prefetch="none" {...rest} />
      ) : (
        <Link ref={ref} to={to} prefetch="none" {...rest} />
      )}
      {prefetchPage ? <PrefetchPageLinks page={prefetchPage} /> : null}
    </>
  );
}
