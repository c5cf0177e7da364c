// The header's and footer's links are plain anchors (app/components/ChromeLink.tsx): on the
// server they must write what React Router's <Link> and <NavLink> wrote, byte for byte, wherever
// the visitor is — the same href, data-discover, and for a menu's link the `active` class and
// aria-current on its page and below it (`end`: its page only), in any letter case and with
// non-ASCII paths compared percent-encoded.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Link, NavLink, StaticRouter } from "react-router";
import { ChromeLink, ChromeNavLink } from "../../app/components/ChromeLink";

const here = ["/", "/products", "/products/12", "/PRODUCTS", "/products-old", "/it/prodotti", "/it/categorie/pi%C3%B9"];
const targets = ["/", "/products", "/products/", "/it/prodotti", "/about", "/it/categorie/più", "/products?page=2"];

const at = (location: string, node: React.ReactNode) =>
  renderToStaticMarkup(<StaticRouter location={location}>{node}</StaticRouter>);

describe("the header's and footer's links", () => {
  it("write a NavLink's anchor for a menu's link, wherever the visitor is", () => {
    for (const location of here)
      for (const to of targets)
        for (const end of [false, true]) {
          const ours = at(
            location,
            <ChromeNavLink to={to} end={end}>
              x
            </ChromeNavLink>,
          );
          const routers = at(
            location,
            <NavLink to={to} end={end}>
              x
            </NavLink>,
          );
          expect(ours, `${to} at ${location}, end ${end}`).toBe(routers);
          const named = at(
            location,
            <ChromeNavLink to={to} className="wishlist-link" aria-label="Wishlist, 2 objects">
              x
            </ChromeNavLink>,
          );
          const namedRouters = at(
            location,
            <NavLink to={to} className="wishlist-link" aria-label="Wishlist, 2 objects">
              x
            </NavLink>,
          );
          expect(named, `${to} at ${location}, with a class`).toBe(namedRouters);
        }
  });

  it("write a Link's anchor for the others", () => {
    for (const to of targets)
      expect(
        at(
          "/products",
          <ChromeLink to={to} className="wordmark">
            x
          </ChromeLink>,
        ),
      ).toBe(
        at(
          "/products",
          <Link to={to} className="wordmark">
            x
          </Link>,
        ),
      );
  });

  it("mark the page a menu link leads to and the pages below it", () => {
    expect(at("/products/12", <ChromeNavLink to="/products">x</ChromeNavLink>)).toContain('aria-current="page"');
    expect(
      at(
        "/products/12",
        <ChromeNavLink to="/products" end>
          x
        </ChromeNavLink>,
      ),
    ).not.toContain("aria-current");
    expect(at("/products-old", <ChromeNavLink to="/products">x</ChromeNavLink>)).not.toContain("aria-current");
  });
});
