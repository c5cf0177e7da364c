// The site's one link component for internal links: header, footer, breadcrumbs, pagination,
// cards, tiles, related objects. It prefetches its page when it comes into view (app/lib/prefetch.ts);
// `nav` makes it a NavLink (active state, aria-current) for menus. Links inside WordPress content
// are plain HTML: Prose gives them the same client navigation and prefetch.
import { useEffect, useRef, useState, type ComponentProps } from "react";
import { Link, NavLink, PrefetchPageLinks, useHref } from "react-router";
import { isPagePath, prefetchWhenVisible } from "../lib/prefetch";

type SmartLinkProps = ComponentProps<typeof Link> & {
  prefetchOnView?: boolean;
  /** Render a NavLink (menus): `end` as NavLink's. */
  nav?: boolean;
  end?: boolean;
};

export function SmartLink({ prefetchOnView = true, nav = false, end, to, ...rest }: SmartLinkProps) {
  const ref = useRef<HTMLAnchorElement>(null);
  const [prefetch, setPrefetch] = useState(false);
  const href = useHref(to);
  const internal = typeof to !== "string" || isPagePath(to);

  useEffect(() => {
    const element = ref.current;
    if (!prefetchOnView || !internal || !element || rest.reloadDocument) return;
    return prefetchWhenVisible(element, () => setPrefetch(true));
  }, [prefetchOnView, internal, href, rest.reloadDocument]);

  return (
    <>
      {nav ? <NavLink ref={ref} to={to} end={end} prefetch="none" {...rest} /> : <Link ref={ref} to={to} prefetch="none" {...rest} />}
      {prefetch ? <PrefetchPageLinks page={href} /> : null}
    </>
  );
}
