// The header's and footer's internal links: plain anchors with what a <Link> or <NavLink> put in
// the page (href, data-discover, and for a menu's links the `active` class and aria-current on the
// page they lead to, or below it), and one handler per header or footer (useChromeLinks) for what
// a <Link> and SmartLink did in the browser: a plain click navigates on the client, and the page
// of a link seen is prefetched. Fifteen router links on every page were a twentieth of the
// render of a page with no content of its own (docs/decisions/0018-a-render-at-half-the-cpu.md).
import type { ReactNode, RefObject } from "react";
import { PrefetchPageLinks, useLocation } from "react-router";
import { isActivePath } from "../lib/plain-links";
import { usePlainLinks } from "../lib/use-plain-links";

/** Every internal link of the header and the footer (not the language switcher's: no data-discover). */
const CHROME_LINK = "a[data-discover]";

type AnchorProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

/** An internal link of the header or footer: a <Link>'s anchor, handled by useChromeLinks. */
export function ChromeLink({ to, children, ...rest }: AnchorProps & { to: string }) {
  return (
    <a {...rest} href={to} data-discover="true">
      {children}
    </a>
  );
}

/** A menu's link: a <NavLink>'s anchor (`end`: active on its own path only). */
export function ChromeNavLink({
  to,
  end = false,
  className = "",
  children,
  ...rest
}: AnchorProps & { to: string; end?: boolean }) {
  const active = isActivePath(useLocation().pathname, to, end);
  return (
    <a
      {...rest}
      aria-current={active ? "page" : undefined}
      className={active ? (className ? `${className} active` : "active") : className}
      href={to}
      data-discover="true"
    >
      {children}
    </a>
  );
}

/**
 * The browser side of a container's ChromeLinks: one click listener (a <Link> inside would be left
 * to itself: it does nothing with a click whose default is prevented) and the prefetch links of
 * the pages seen. `lang`: the page's language, which the container's links depend on (its
 * menu is the language's, loaded again only when the language changes), so they are watched anew.
 */
export function useChromeLinks(container: RefObject<HTMLElement | null>, lang: string): ReactNode {
  const pages = usePlainLinks(container, CHROME_LINK, lang);
  return pages.map((page) => <PrefetchPageLinks key={page} page={page} />);
}
