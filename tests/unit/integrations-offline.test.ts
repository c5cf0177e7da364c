// Which clicks the offline and new-version hand-over takes as "following a link in the site".
import { describe, expect, it } from "vitest";
import { followedLink } from "../../app/lib/offline";

const here = {
  href: "https://fc.example/products?page=2",
  origin: "https://fc.example",
  pathname: "/products",
  search: "?page=2",
} as Location;

function click(
  href: string,
  options: { target?: string; download?: boolean; button?: number; ctrlKey?: boolean; defaultPrevented?: boolean } = {},
) {
  const anchor = {
    href: new URL(href, here.href).href,
    target: options.target ?? "",
    hasAttribute: (name: string) => name === "download" && !!options.download,
  };
  return {
    defaultPrevented: options.defaultPrevented ?? false,
    button: options.button ?? 0,
    metaKey: false,
    ctrlKey: options.ctrlKey ?? false,
    shiftKey: false,
    altKey: false,
    target: { closest: () => anchor },
  } as unknown as MouseEvent;
}

describe("followedLink", () => {
  it("takes plain clicks on links within the site", () => {
    expect(followedLink(click("/collections"), here)).toBe("/collections");
    expect(followedLink(click("/it/prodotti/12?x=1#top"), here)).toBe("/it/prodotti/12?x=1#top");
    expect(followedLink(click("/products?page=3"), here)).toBe("/products?page=3");
  });

  it("leaves other sites, new tabs, downloads, modified clicks and anchors on the page alone", () => {
    expect(followedLink(click("https://www.iubenda.com/privacy-policy/1"), here)).toBeNull();
    expect(followedLink(click("/collections", { target: "_blank" }), here)).toBeNull();
    expect(followedLink(click("/brochure.pdf", { download: true }), here)).toBeNull();
    expect(followedLink(click("/collections", { ctrlKey: true }), here)).toBeNull();
    expect(followedLink(click("/collections", { button: 1 }), here)).toBeNull();
    expect(followedLink(click("/collections", { defaultPrevented: true }), here)).toBeNull();
    expect(followedLink(click("/products?page=2#main"), here)).toBeNull();
  });
});
