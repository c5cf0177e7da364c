// What a router <Link> does in the browser, for plain anchors handled by their container: a plain
// click (main button, no modifier key, same window, no download) on an anchor to a page of the
// site navigates on the client; every other click is the browser's. Containers of plain anchors
// (the product grid, the header, the footer) call this once instead of a <Link> per anchor, whose
// server render resolved its path, built a navigate function and took a dozen hooks
// (docs/decisions/0018-a-render-at-half-the-cpu.md).
import { isPagePath } from "./prefetch";

interface ClickLike {
  target: EventTarget | null;
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}

/** The page a click on an anchor matching `selector` goes to when the client should navigate, else null. */
export function clientNavigationTarget(event: ClickLike, selector: string): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    return null;
  const link = (event.target as Element | null)?.closest?.(selector);
  if (!link || link.hasAttribute("download")) return null;
  const href = link.getAttribute("href");
  if (!href || !isPagePath(href) || (link.getAttribute("target") ?? "_self") !== "_self") return null;
  return href;
}

/** A <Link>'s default: the same address as the one shown is replaced, not pushed. */
export function isCurrentAddress(href: string): boolean {
  return href === window.location.pathname + window.location.search + window.location.hash;
}

/**
 * A NavLink's active state (case-insensitive, as NavLink's default): the location is the link's
 * path, or (unless `end`) below it. `to` is a path of the site; its non-ASCII characters are
 * compared percent-encoded, as the location's are.
 */
export function isActivePath(locationPathname: string, to: string, end: boolean): boolean {
  let path = to.split(/[?#]/)[0]!;
  if (/[^\x21-\x7e]/.test(path)) path = new URL(path, "http://localhost").pathname;
  const here = locationPathname.toLowerCase();
  const target = path.toLowerCase();
  const endSlash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(endSlash) === "/");
}
