// Long-form WordPress HTML. It arrives sanitised on the server (server/content/sanitize.ts) with
// an allow-list, and with links to WordPress already rewritten to the site's routes. Those links
// behave like the site's own (SmartLink): a click moves on the client, and a link prefetches its
// page when it comes into view (app/lib/prefetch.ts).
import { useEffect, useRef, useState } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";
import { isPagePath, prefetchWhenVisible } from "../lib/prefetch";

export function Prose({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [prefetched, setPrefetched] = useState<string[]>([]);

  useEffect(() => {
    const links = [...(ref.current?.querySelectorAll<HTMLAnchorElement>("a[href]") ?? [])].filter(isClientLink);
    const stops = links.map((a) => {
      const href = a.getAttribute("href")!;
      // What React Router's <Link> renders: its route is discovered ahead (lazy route discovery),
      // so the prefetch below can match it.
      a.setAttribute("data-discover", "true");
      return prefetchWhenVisible(a, () => setPrefetched((list) => (list.includes(href) ? list : [...list, href])));
    });
    return () => stops.forEach((stop) => stop());
  }, [html]);

  return (
    <>
      {/* Delegation: the clicks are the content's own links' (keyboard Enter on a link is a
          click too), taken over for client navigation. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        ref={ref}
        className={`prose ${className ?? ""}`}
        dangerouslySetInnerHTML={{ __html: html }}
        onClick={(event) => {
          const link = (event.target as Element).closest?.("a[href]");
          if (!(link instanceof HTMLAnchorElement) || !isClientLink(link)) return;
          if (
            event.defaultPrevented ||
            event.button !== 0 ||
            event.metaKey ||
            event.ctrlKey ||
            event.shiftKey ||
            event.altKey
          )
            return;
          event.preventDefault();
          void navigate(link.getAttribute("href")!);
        }}
      />
      {prefetched.map((href) => (
        <PrefetchPageLinks key={href} page={href} />
      ))}
    </>
  );
}

/** A link to a page of the site that opens in this tab. */
function isClientLink(link: HTMLAnchorElement): boolean {
  const target = link.getAttribute("target");
  return (
    isPagePath(link.getAttribute("href") ?? "") && !link.hasAttribute("download") && (!target || target === "_self")
  );
}
