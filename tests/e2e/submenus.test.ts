// A menu's child items in Chromium: in the header behind a disclosure button that works with the
// keyboard (Tab, Enter, Escape gives focus back) on a desktop, and by touch inside the phone's
// menu (the footer's nested lists: tests/integration/wordpress-edge-cases.test.ts). The demo's header menu holds About → Manufacture, Prove,
// Funding.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { hasBuild, hasChromium } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { axeViolations, launchBrowser, screenshot, watchPage, stopAll } from "../support/browser";

const ready = hasChromium() && hasBuild();
let site: RunningSite;
let browser: Browser;

describe.runIf(ready)("submenus", () => {
  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(() => stopAll(browser, site));

  it("opens the header's submenu with the keyboard on a desktop, and closes it with Escape", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${site.url}/wishlist`, { waitUntil: "networkidle" });
    const toggle = page.locator("#main-menu .menu-tree__toggle").first();
    const children = page.locator("#main-menu .menu-tree__children").first();
    await page.waitForSelector("#main-menu .menu-tree__parent[data-scripted]");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await children.isVisible()).toBe(false);

    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await children.getByRole("link", { name: "Manufacture" }).waitFor({ state: "visible" });
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Manufacture");
    await screenshot(page, "submenu-desktop-en");
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await children.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("menu-tree__toggle"))).toBe(true);
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it("opens the submenu inside the phone's menu by touch", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${site.url}/it/wishlist`, { waitUntil: "networkidle" });
    await page.waitForSelector("#main-menu .menu-tree__parent[data-scripted]", { state: "attached" });
    await page.locator(".menu-toggle").tap();
    const toggle = page.locator("#main-menu .menu-tree__toggle").first();
    await toggle.tap();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page
      .locator("#main-menu .menu-tree__children")
      .first()
      .getByRole("link", { name: "Manifattura" })
      .waitFor({ state: "visible" });
    await screenshot(page, "submenu-phone-it");
    // The footer's nested lists (the demo's footer menu has none) are proven against WordPress's
    // answers in tests/integration/wordpress-edge-cases.test.ts.
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
