// Debian's Chromium driven by playwright-core (never a downloaded browser), with the flags this
// sandboxed, offline machine needs.
import { chromium, type Browser, type Page, type ConsoleMessage } from "playwright-core";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { CHROMIUM } from "./requirements";

export const SCREENSHOTS = path.resolve("test-results/screenshots");

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/** Collects what would worry a visitor or a developer: page errors and console errors. */
export function watchPage(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m: ConsoleMessage) => {
    if (m.type() === "error" && !/status of 404|Failed to load resource/.test(m.text()))
      errors.push(`console: ${m.text()}`);
  });
  return { errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/**
 * axe-core (WCAG 2.2 AA rules) on the page as it is now; returns the violations, one line each.
 * Injected from the npm package, so no network is needed.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const { createRequire } = await import("node:module");
  const require = createRequire(import.meta.url);
  // Evaluated, not added as a <script>: the site's Content-Security-Policy (hashes of its own
  // inline scripts only) refuses an injected inline script; evaluation is the test's, not the page's.
  if (!(await page.evaluate(() => "axe" in window))) {
    const { readFileSync } = await import("node:fs");
    await page.evaluate(readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
  }
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: unknown,
            opts: unknown,
          ): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
    });
    return result.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
  });
  return violations.map((v) => `${page.url()}: ${v}`);
}

/** What a suite started, stopped in order (the browser, then the site, then its WordPress); each may be missing. */
export async function stopAll(
  ...parts: ({ close(): Promise<unknown> } | { stop(): Promise<unknown> } | undefined)[]
): Promise<void> {
  for (const part of parts) {
    if (!part) continue;
    await ("stop" in part ? part.stop() : part.close());
  }
}

/**
 * Waits until React has hydrated the page (the root marks the document once its first effect ran:
 * event handlers are attached) and the router is idle. The router object alone exists before
 * hydration has committed, when a key press or a click still meets the server's page.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === "true" &&
      (window as unknown as { __reactRouterDataRouter?: { state: { navigation: { state: string } } } })
        .__reactRouterDataRouter?.state.navigation.state === "idle",
  );
}
