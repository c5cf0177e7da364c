// The items of a WordPress menu with their children as nested lists (the header's and the
// footer's). In the header an item with children gets a disclosure button beside its link: a
// real button (keyboard and screen readers: aria-expanded, aria-controls; Escape closes and gives
// focus back), the same on desktop, where the list drops down, and on a phone, where it opens in
// place. Before the scripts run (and without them) a submenu opens on hover and on keyboard focus.
// Its links are ChromeLinks: the header or footer holding the menu handles their clicks.
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ChromeLink, ChromeNavLink } from "./ChromeLink";
import type { MenuItem } from "../../common/content";
import { useT } from "../lib/i18n";

function ItemLink({ item, nav, home }: { item: MenuItem; nav: boolean; home?: string }) {
  if (item.external)
    return (
      <a href={item.href} rel="noopener">
        {item.label}
      </a>
    );
  return nav ? (
    <ChromeNavLink to={item.href} end={item.href === home}>
      {item.label}
    </ChromeNavLink>
  ) : (
    <ChromeLink to={item.href}>{item.label}</ChromeLink>
  );
}

function Submenu({ item, home }: { item: MenuItem; home?: string }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  // Until the scripts run, CSS opens the submenu on hover and focus; after, the button does.
  const [scripted, setScripted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setScripted(true), []);
  useEffect(() => setOpen(false), [pathname]);
  return (
    <li
      className="menu-tree__parent"
      data-open={open || undefined}
      data-scripted={scripted || undefined}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <ItemLink item={item} nav home={home} />
      <button
        ref={button}
        type="button"
        className="menu-tree__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="visually-hidden">{t("nav.submenu", { label: item.label })}</span>
      </button>
      <ul id={id} className="menu-tree__children">
        {item.children.map((child) => (
          <MenuTreeItem key={child.id} item={child} home={home} disclosure />
        ))}
      </ul>
    </li>
  );
}

function MenuTreeItem({ item, home, disclosure }: { item: MenuItem; home?: string; disclosure: boolean }) {
  if (disclosure && item.children.length > 0) return <Submenu item={item} home={home} />;
  return (
    <li>
      <ItemLink item={item} nav={disclosure} home={home} />
      {item.children.length > 0 ? (
        <ul className="menu-tree__children">
          {item.children.map((child) => (
            <MenuTreeItem key={child.id} item={child} home={home} disclosure={disclosure} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A menu as nested lists; `disclosure`: children behind a button (the header), else always shown (the footer). */
export function MenuTree({
  items,
  home,
  disclosure = false,
}: {
  items: MenuItem[];
  home?: string;
  disclosure?: boolean;
}) {
  return (
    <ul className="menu-tree">
      {items.map((item) => (
        <MenuTreeItem key={item.id} item={item} home={home} disclosure={disclosure} />
      ))}
    </ul>
  );
}
