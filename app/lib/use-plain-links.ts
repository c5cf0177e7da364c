// The browser side of a container of plain anchors (plain-links.ts): one click listener that
// navigates on the client for the anchors matching `selector`, and the pages of those anchors seen,
// to prefetch (prefetch.ts). The header, the footer and the product grid each call it once.
import { useEffect, useState, type RefObject } from "react";
import { useNavigate } from "react-router";
import { clientNavigationTarget, isCurrentAddress } from "./plain-links";
import { isPagePath, prefetchWhenVisible } from "./prefetch";

/**
 * Handles the clicks on the container's anchors matching `selector` and returns the pages of the
 * ones seen, each once. `anchorsOf`: what the container's anchors are drawn from (its products, its
 * language's menu); when it changes they are looked up and watched anew.
 */
export function usePlainLinks(
  container: RefObject<HTMLElement | null>,
  selector: string,
  anchorsOf: unknown,
  { preventScrollReset = false }: { preventScrollReset?: boolean } = {},
): string[] {
  const navigate = useNavigate();
  const [pages, setPages] = useState<string[]>([]);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      const href = clientNavigationTarget(event, selector);
      if (!href) return;
      event.preventDefault();
      void navigate(href, { preventScrollReset, replace: isCurrentAddress(href) });
    };
    element.addEventListener("click", onClick);
    const stop = [...element.querySelectorAll(selector)].map((link) =>
      prefetchWhenVisible(link, () => {
        const href = link.getAttribute("href");
        if (href && isPagePath(href)) setPages((seen) => (seen.includes(href) ? seen : [...seen, href]));
      }),
    );
    return () => {
      element.removeEventListener("click", onClick);
      stop.forEach((s) => s());
    };
  }, [container, selector, anchorsOf, navigate, preventScrollReset]);
  return pages;
}
