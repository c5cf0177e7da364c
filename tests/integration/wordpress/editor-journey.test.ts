// An editor's journey in Chromium against a real WordPress (Debian's 6.1) with only FC's plugins
// (fc-catalogue, fc-headless) and the fixture's wuxt and Polylang stand-ins, and the built site
// reading it. Run twice on one WordPress, one site and one browser: by an Editor whose profile
// language is English, then by one whose profile language is Italian (WordPress's own Italian
// from Debian's wordpress-l10n, the plugins' from wordpress/*/languages/), each finding every
// control by its label in their language. Each logs in, creates two categories with images and a
// colour on the term screens, a designer, a collection, an exclusive, a product with every field
// (a three-image gallery from the media library), an imagemap on an uploaded scene with two
// clicked hotspots, sets the front page's fields — all through the screens, no REST call from
// the test; adds the product's Italian translation (Polylang stand-in); renames a category the
// header menu shows; finds the product categories in Appearance → Menus. The site shows each
// within a second, and the block editor says "Live on the site". Refusals show their message in
// the editor's language and keep what was typed.
//
// Then: an Author sets a designer, a collection, an exclusive and a related product on their own
// product; a hotspot placed by a click sits on the same point of the scene on the site, at phone
// and desktop widths; editing never traps (a trashed designer, a hotspot let go off the scene, a
// `javascript:` social link); and with the site stopped the editor reads "The site has not
// confirmed yet — retrying". No screen may answer 403 or log an error. Every screen is saved to
// test-results/screenshots/wp-admin-*.png.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, watchPage } from "../../support/browser";
import { hasBuild, hasChromium, requirePart } from "../../support/requirements";
import { freePort, startSite, type RunningSite } from "../../support/site";
import {
  DEBIAN_LIBRARIES,
  hasDebianLibraries,
  hasWordPressParts,
  hasWordPressTranslations,
  ROOT,
  startWordPress,
  WORDPRESS_L10N,
  type WordPressSite,
} from "../../support/wordpress-site";
import {
  addToken,
  chooseRelation,
  editorNotice,
  field,
  logIn,
  mediaModal,
  openEditor,
  openPanel,
  pickFromLibrary,
  postId,
  publish,
  setTitle,
  settledBox,
  tryToPublish,
  uploadInModal,
} from "../../support/wp-admin";
import { WORDS, type AdminLanguage, type Words } from "../../support/wp-admin-words";
import { drawnHotspots, placedHotspots, type Fraction } from "../../support/imagemap-geometry";

const phpGd = (() => {
  try {
    execFileSync("php", ["-r", 'exit(function_exists("imagecreatefromwebp") ? 0 : 1);']);
    return true;
  } catch {
    return false;
  }
})();
const enabled =
  hasWordPressParts() &&
  hasBuild() &&
  hasChromium() &&
  requirePart("Debian's WordPress libraries", hasDebianLibraries(), DEBIAN_LIBRARIES) &&
  requirePart("WordPress's own Italian", hasWordPressTranslations(), WORDPRESS_L10N) &&
  requirePart("PHP's GD with WebP (WordPress makes the uploaded scene's sizes)", phpGd, "apt-get install php-gd");

const SECRET = "editor-journey-secret-0123456789";
const AUTHOR = { user: "autrice", password: "author-Pass-2026" };
const UPLOADS = path.join(ROOT, ".cache/wordpress/uploads");

/** What one run of the journey creates: its own names, so that the second run meets the first's items. */
interface Story {
  lang: AdminLanguage;
  user: string;
  password: string;
  categories: [string, string];
  renamed: string;
  colour: { name: string; hex: string };
  designer: { name: string; search: string; role: string; city: string };
  collection: { name: string; search: string; slug: string; subtitle: string };
  exclusive: { name: string; search: string; subtitle: string; partner: string };
  product: {
    title: string;
    code: string;
    dimensions: string;
    materials: string;
    italian: string;
    italianMaterials: string;
    small: string;
  };
  imagemap: string;
  tagline: string;
}

const STORIES: Story[] = [
  {
    lang: "en",
    user: "redattrice",
    password: "journey-Pass-2026",
    categories: ["Night lights", "Tableware"],
    renamed: "Lamps for the night",
    colour: { name: "Fog grey", hex: "#A7ADB2" },
    designer: { name: "Giulia Neri", search: "Giulia", role: "Ceramicist", city: "Faenza" },
    collection: { name: "Bruma", search: "Bru", slug: "bruma", subtitle: "Porcelain in the colours of fog" },
    exclusive: {
      name: "Bruma for Hotel Lago",
      search: "Bruma for",
      subtitle: "A lamp for every room",
      partner: "Hotel Lago, Como",
    },
    product: {
      title: "Bruma Lamp",
      code: "FC-BR001",
      dimensions: "Ø 14 × H 30 cm",
      materials: "Biscuit porcelain, linen cord",
      italian: "Lampada Bruma",
      italianMaterials: "Porcellana biscuit, cordone di lino",
      small: "Bruma Lamp, small",
    },
    imagemap: "Bruma living room",
    tagline: "Porcelain that holds the light",
  },
  {
    lang: "it",
    user: "redattore",
    password: "percorso-Pass-2026",
    categories: ["Luci notturne", "Tavola"],
    renamed: "Luci per la notte",
    colour: { name: "Grigio nebbia", hex: "#9BA3A8" },
    designer: { name: "Marta Ferri", search: "Marta", role: "Ceramista", city: "Nove" },
    collection: { name: "Galaverna", search: "Galav", slug: "galaverna", subtitle: "Porcelain white as hoarfrost" },
    exclusive: {
      name: "Galaverna per Hotel Riva",
      search: "Galaverna per",
      subtitle: "A vase for the lobby",
      partner: "Hotel Riva, Garda",
    },
    product: {
      title: "Galaverna Vase",
      code: "FC-GV001",
      dimensions: "Ø 12 × H 24 cm",
      materials: "Hard porcelain, matt glaze",
      italian: "Vaso Galaverna",
      italianMaterials: "Porcellana dura, smalto opaco",
      small: "Galaverna Vase, small",
    },
    imagemap: "Galaverna dining room",
    tagline: "Porcelain white as hoarfrost",
  },
];

let wp: WordPressSite;
let site: RunningSite;
let browser: Browser;
/** Each editor's browser page, kept for the steps after their journey. */
const pages: Partial<Record<AdminLanguage, Page>> = {};
/** What each page met that an editor should never meet (page errors, console errors, 403 answers), taken once. */
const problems = new Map<Page, () => string[]>();
/** Time from the editor's "published" to the site showing it, per step (written to test-results). */
const shownAfter: Record<string, number> = {};
/** Ids of what each run created, for the later steps. */
const made: Partial<Record<AdminLanguage, { product: number; imagemap: number; front: number }>> = {};
/** Where the English editor's hotspots sit on the scene in wp-admin (fractions of the image). */
let placed: Fraction[] = [];

/** fc-catalogue's editing screens, built when missing or older than their sources. */
function buildEditorScreens(): void {
  const newest = (dir: string): number => Math.max(...readdirSync(dir).map((f) => statSync(path.join(dir, f)).mtimeMs));
  const built = path.join(ROOT, "wordpress/fc-catalogue/build/index.js");
  if (!existsSync(built) || statSync(built).mtimeMs < newest(path.join(ROOT, "wordpress/fc-catalogue/src"))) {
    execFileSync(process.execPath, [path.join(ROOT, "scripts/wordpress-plugins.mjs")], {
      cwd: ROOT,
      stdio: "ignore",
      timeout: 600_000,
    });
  }
}

/** A large image of the demo (a room scene, 1600 × 2000) to upload as if from the editor's disk. */
function sceneFile(): string {
  const month = path.join(UPLOADS, "2025/05");
  const name = readdirSync(month).find((f) => /-context\.webp$/.test(f))!;
  return path.join(month, name);
}

/** A browser page that records what an editor should never meet. */
async function editorPage(user: string, password: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const watched = watchPage(page);
  const forbidden: string[] = [];
  page.on("response", (res) => {
    if (res.status() === 403) forbidden.push(`403 ${res.request().method()} ${res.url().replace(wp.url, "")}`);
  });
  problems.set(page, () => [...forbidden.splice(0), ...watched.errors.splice(0)]);
  await logIn(page, wp.url, user, password);
  return page;
}

function drainProblems(page: Page | undefined): string[] {
  return (page && problems.get(page)?.()) || [];
}

const sitePage = async (p: string) => {
  const res = await fetch(site.url + p, { redirect: "manual" });
  return { status: res.status, html: await res.text() };
};

/** The site's page at `p` until `test` passes (the plugin's webhook has purged it), at most 1 s after the publish. */
async function shows(step: string, p: string, test: (html: string) => boolean, since: number): Promise<string> {
  for (;;) {
    const { status, html } = await sitePage(p);
    if (status === 200 && test(html)) {
      shownAfter[step] = Date.now() - since;
      return html;
    }
    if (Date.now() - since > 1_000)
      throw new Error(`${p} did not show ${step} within a second of publishing (status ${status})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An image's file name without its size suffix or extension (`onda-amphora-150x150.webp` → `onda-amphora`). */
function imageName(url: string): string {
  return path
    .basename(new URL(url, "http://x").pathname)
    .replace(/\.\w+$/, "")
    .replace(/-\d+x\d+$/, "");
}

/** The product page's gallery as a visitor swipes through it: its images' names, in order. */
function galleryOnSite(html: string): string[] {
  const list = /<ol class="gallery__swipe"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<img src="([^"]+)"/g)].map((m) => imageName(m[1]!));
}

/** The site's page as a visitor sees it, saved next to the editor's screens. */
async function siteShot(p: string, name: string): Promise<void> {
  const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await visitor.goto(site.url + p);
    await screenshot(visitor, `wp-admin-site-${name}`);
  } finally {
    await visitor.close();
  }
}

/** The first published item of a type in English, as the demo seeded it (its title as the screens show it). */
async function demoItem(type: string): Promise<{ id: number; title: string }> {
  const list = (await (
    await fetch(`${wp.url}/wp-json/wp/v2/${type}?lang=en&per_page=1&orderby=id&order=asc&_fields=id,title`)
  ).json()) as { id: number; title: { rendered: string } }[];
  const title = list[0]!.title.rendered.replace(/&#8217;/g, "’").replace(/&amp;/g, "&");
  return { id: list[0]!.id, title };
}

/** Fails the step on what its page met (each step's own problems, so a failure points at its screen). */
function checkProblems(
  page: Page | undefined,
  context: { task: { name: string; result?: { state?: string } } },
  ignore: (e: string) => boolean = () => false,
): void {
  const met = drainProblems(page).filter((e) => !ignore(e));
  if (context.task.result?.state !== "fail") expect(met, context.task.name).toEqual([]);
}

describe.skipIf(!enabled)("wp-admin as FC's editors meet it", () => {
  beforeAll(async () => {
    buildEditorScreens();
    const placeholder = "http://127.0.0.1:1";
    wp = await startWordPress({
      siteUrls: [placeholder],
      secret: SECRET,
      publicUrl: placeholder,
      retrySeconds: 1,
      locales: ["it_IT"],
    });
    // The site's port is chosen only now, after WordPress's long setup (a port chosen before it
    // may be taken by then), and written into wp-config.php where the plugin reads it.
    const siteUrl = `http://127.0.0.1:${await freePort()}`;
    const config = path.join(wp.dir, "wp-config.php");
    writeFileSync(config, readFileSync(config, "utf8").split(placeholder).join(siteUrl));
    const users = [
      ...STORIES.map((s) => ({
        user: s.user,
        password: s.password,
        role: "editor",
        locale: s.lang === "it" ? "it_IT" : "",
      })),
      { ...AUTHOR, role: "author", locale: "" },
    ];
    for (const u of users) {
      await wp.php(`$id = wp_insert_user(['user_login' => '${u.user}', 'user_pass' => '${u.password}', 'user_email' => '${u.user}@example.com', 'role' => '${u.role}', 'locale' => '${u.locale}']);
        update_user_meta($id, 'wp_persisted_preferences', ['core/edit-post' => ['welcomeGuide' => false], '_modified' => gmdate('c')]); return $id;`);
    }
    site = await startSite({
      PORT: new URL(siteUrl).port,
      WP_URL: wp.url,
      WP_USER: wp.reader.user,
      WP_APP_PASSWORD: wp.reader.appPassword,
      PURGE_SECRET: SECRET,
      CACHE_FRESH_SECONDS: "600",
    });
    browser = await launchBrowser();
  }, 600_000);

  afterAll(async () => {
    mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
    writeFileSync(
      path.join(ROOT, "test-results/editor-journey.json"),
      JSON.stringify({ shownAfterMs: shownAfter }, null, 2),
    );
    await browser?.close();
    await site?.stop();
    await wp?.stop();
  });

  for (const story of STORIES) journey(story);
  authorsJourney();
  geometry();
  neverTraps();
  siteStopped();
});

function journey(story: Story): void {
  const words = WORDS[story.lang];
  const snap = (name: string) => screenshot(pages[story.lang]!, `wp-admin-${story.lang}-${name}`);

  describe(`an Editor's journey, in ${story.lang === "en" ? "English" : "Italian"}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = pages[story.lang] = await editorPage(story.user, story.password);
    });
    afterEach((context) => {
      // Known and not ours: the demo's front page body is a Classic block, and WordPress 6.1's
      // TinyMCE (wp-includes/js/tinymce) throws this when the focus moves from it into a sidebar
      // field. Only that exact message, only on the front page's screen.
      checkProblems(
        page,
        context,
        (e) =>
          context.task.name.startsWith("sets the front page") && e === "pageerror: Node cannot be null or undefined",
      );
    });

    it("creates categories with images and a colour on the term screens; a wrong hex is refused, visibly, and the form keeps what was typed", () =>
      termScreens(page, story, words, snap));
    it("creates a designer, a collection and an exclusive in the block editor", () =>
      editions(page, story, words, snap));
    it("creates a product with every field, a three-image gallery from the library; the editor says it is live, and the site shows it", async () => {
      made[story.lang] = { ...made[story.lang]!, product: await product(page, story, words, snap) };
    });
    it("adds the product's Italian translation, which starts with the language-neutral fields, and /it/ shows it", () =>
      translation(page, story, words, snap));
    it("refuses a product whose code another product has, in the editor's language, keeping what was typed", () =>
      duplicateCode(page, story, words, snap));
    it("creates an imagemap on an uploaded scene with two hotspots placed by clicking on the larger scene; it has no View of its own", async () => {
      made[story.lang] = { ...made[story.lang]!, imagemap: await imagemap(page, story, words, snap) };
    });
    it("sets the front page's fields, and the home page shows them", async () => {
      made[story.lang] = { ...made[story.lang]!, front: await frontPage(page, story, words, snap) };
    });
    it("renames a category that the header menu shows, and the site's menu changes within a second", () =>
      renameCategory(page, story, snap));
    it("finds the product categories in Appearance → Menus, named once in Screen Options", () =>
      menus(page, words, snap));
  });
}

async function termScreens(
  page: Page,
  story: Story,
  words: Words,
  snap: (name: string) => Promise<void>,
): Promise<void> {
  await page.goto(`${wp.url}/wp-admin/edit-tags.php?taxonomy=product_categories&post_type=products`);
  // The admin menu names FC's types in the editor's language.
  const menu = await page.locator("#adminmenu").innerText();
  for (const name of words.menu) expect(menu).toContain(name);
  for (const name of story.categories) {
    await page.fill("#tag-name", name);
    await page.getByRole("button", { name: words.chooseImage }).click();
    await pickFromLibrary(page, 1, name === story.categories[1] ? 1 : 0);
    await expect.poll(() => page.locator("#addtag .fc-catalogue-image-slot img").count()).toBe(1);
    await page.click("#submit");
    await page.locator("#the-list tr", { hasText: name }).first().waitFor();
  }
  await snap("categories");

  await page.goto(`${wp.url}/wp-admin/edit-tags.php?taxonomy=product_colors&post_type=products`);
  const hex = page.locator("#addtag input.fc-catalogue-hex");
  await page.fill("#tag-name", story.colour.name);
  // The hex box is there to type in, without opening the colour picker first.
  await hex.fill("grey");
  await page.click("#submit");
  await page.locator("#ajax-response").getByText(words.hexRefused("grey")).waitFor();
  await snap("colour-refused");
  expect(await page.inputValue("#tag-name")).toBe(story.colour.name);
  expect(await hex.inputValue()).toBe("grey");
  await expect.poll(() => hex.isVisible()).toBe(true);
  await hex.fill(story.colour.hex);
  await page.click("#submit");
  const row = page.locator("#the-list tr", { hasText: story.colour.name }).first();
  await row.waitFor();
  // The list shows the colour's swatch.
  await expect
    .poll(() => row.locator(".fc-catalogue-swatch").evaluate((el) => getComputedStyle(el).backgroundColor))
    .toBe(rgb(story.colour.hex));
  await snap("colours");

  // On the colour's own screen: the other changes are saved, the screen comes back with the typed hex, in sight, and why.
  await row.locator("a.row-title").click();
  await page.locator("#edittag").waitFor();
  await page.fill("#description", "The grey of morning fog.");
  const edited = page.locator("#edittag input.fc-catalogue-hex");
  await edited.fill("#12");
  await page.click("#edittag input[type=submit]");
  await page.locator("#edittag .notice-error", { hasText: words.hexRefused("#12") }).waitFor();
  await snap("colour-edit-refused");
  expect(await edited.inputValue()).toBe("#12");
  expect(await edited.isVisible()).toBe(true);
  expect(await page.inputValue("#description")).toBe("The grey of morning fog.");
  await edited.fill(story.colour.hex);
  await page.click("#edittag input[type=submit]");
  await page.locator("#message.updated, #message.notice-success").waitFor();
}

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

async function editions(page: Page, story: Story, words: Words, snap: (name: string) => Promise<void>): Promise<void> {
  const { fields: f, panels } = words;
  await openEditor(page, wp.url, "post-new.php?post_type=designers", panels.designer);
  await setTitle(page, story.designer.name);
  await field(page, f.role).fill(story.designer.role);
  await field(page, f.city).fill(story.designer.city);
  await snap("designer");
  await publish(page);

  await openEditor(page, wp.url, "post-new.php?post_type=collections", panels.collection);
  await setTitle(page, story.collection.name);
  await field(page, f.subtitle).fill(story.collection.subtitle);
  await chooseRelation(page, f.designer, story.designer.search, story.designer.name);
  await field(page, f.year).fill("2026");
  await snap("collection");
  await publish(page);

  await openEditor(page, wp.url, "post-new.php?post_type=exclusives", panels.exclusive);
  await setTitle(page, story.exclusive.name);
  await field(page, f.subtitle).fill(story.exclusive.subtitle);
  await field(page, f.partner).fill(story.exclusive.partner);
  await field(page, f.year).fill("2026");
  await snap("exclusive");
  await publish(page);
}

async function product(page: Page, story: Story, words: Words, snap: (name: string) => Promise<void>): Promise<number> {
  const { fields: f } = words;
  await openEditor(page, wp.url, "post-new.php?post_type=products", words.panels.product);
  // The Summary's URL is the address the product will have on the site, not a signed preview link.
  const url = await page.locator(".edit-post-post-url__toggle").innerText();
  expect(url).toMatch(/\/products\/\d+$/);
  await setTitle(page, story.product.title);
  await field(page, f.code).fill(story.product.code);
  await field(page, f.dimensions).fill(story.product.dimensions);
  await field(page, f.materials).fill(story.product.materials);
  await chooseRelation(page, f.designer, story.designer.search, story.designer.name);
  await chooseRelation(page, f.collection, story.collection.search, story.collection.name);
  await chooseRelation(page, f.exclusive, story.exclusive.search, story.exclusive.name);
  await field(page, f.year).fill("2026");
  await addToken(page, f.related, "Onda", "Onda");
  await page.getByRole("group", { name: f.gallery }).getByRole("button", { name: words.chooseImages }).click();
  await pickFromLibrary(page, 3);
  const gallery = page.locator(".fc-catalogue-gallery-item");
  await expect.poll(() => gallery.count()).toBe(3);
  // Reorder: the third image becomes the second.
  await page.getByRole("button", { name: words.moveImageUp(3) }).click();
  // The images as the editor now sees them, in order (the thumbnails' files, without WordPress's size suffix).
  await expect.poll(() => gallery.locator("img").count()).toBe(3);
  await gallery.first().scrollIntoViewIfNeeded();
  await snap("product-gallery");
  const chosen = (await gallery.locator("img").evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))).map(
    imageName,
  );
  await openPanel(page, words.taxonomies.categories);
  await page.getByRole("checkbox", { name: story.categories[0] }).check();
  await openPanel(page, words.taxonomies.colours);
  await page.getByRole("checkbox", { name: story.colour.name }).check();
  await snap("product");
  await publish(page);
  const since = Date.now();
  const id = await postId(page);
  // The editor is told the site has it, without looking at the site.
  await editorNotice(page, words.live).waitFor();
  await snap("product-live");

  const html = await shows(`${story.lang} product`, `/products/${id}`, (h) => h.includes(story.product.title), since);
  for (const text of [
    story.product.code,
    story.product.dimensions,
    story.product.materials,
    story.designer.name,
    story.collection.name,
    story.colour.name,
  ])
    expect(html, text).toContain(text);
  // The library's newest images were uploaded to draft products: the site still shows all three, in the editor's order.
  expect(galleryOnSite(html)).toEqual(chosen);
  await shows(
    `${story.lang} product card in its collection`,
    `/collections/${story.collection.slug}`,
    (h) => h.includes(`/products/${id}`),
    since,
  );
  await siteShot(`/products/${id}`, `${story.lang}-product`);
  return id;
}

async function translation(
  page: Page,
  story: Story,
  words: Words,
  snap: (name: string) => Promise<void>,
): Promise<void> {
  const { fields: f } = words;
  const id = made[story.lang]!.product;
  // Where Polylang's "+" (Languages column) leads; the fixture's stand-in links the new item
  // and copies the fields fc-catalogue declares language-neutral, as Polylang does.
  await openEditor(page, wp.url, `post-new.php?post_type=products&from_post=${id}&new_lang=it`, words.panels.product);
  expect(await field(page, f.code).inputValue()).toBe(story.product.code);
  expect(await field(page, f.dimensions).inputValue()).toBe(story.product.dimensions);
  expect(await field(page, f.materials).inputValue()).toBe(""); // written per language
  await expect.poll(() => page.locator(".fc-catalogue-gallery-item").count()).toBe(3);
  await setTitle(page, story.product.italian);
  await field(page, f.materials).fill(story.product.italianMaterials);
  await snap("product-italian");
  await publish(page);
  const since = Date.now();
  const italianId = await postId(page);
  const html = await shows(
    `${story.lang} Italian product`,
    `/it/prodotti/${italianId}`,
    (h) => h.includes(story.product.italian),
    since,
  );
  for (const text of [story.product.code, story.product.dimensions, story.product.italianMaterials])
    expect(html, text).toContain(text);
  expect(html).toContain('<html lang="it"');
}

async function duplicateCode(
  page: Page,
  story: Story,
  words: Words,
  snap: (name: string) => Promise<void>,
): Promise<void> {
  const { fields: f } = words;
  await openEditor(page, wp.url, "post-new.php?post_type=products", words.panels.product);
  await setTitle(page, story.product.small);
  await field(page, f.code).fill(story.product.code);
  await field(page, f.dimensions).fill("Ø 10 × H 20 cm");
  await tryToPublish(page);
  await page
    .locator(".components-notice.is-error", { hasText: words.codeRefused(story.product.code, story.product.title) })
    .waitFor();
  await snap("product-refused");
  expect(await field(page, f.code).inputValue()).toBe(story.product.code);
  expect(await field(page, f.dimensions).inputValue()).toBe("Ø 10 × H 20 cm");
  expect(await page.locator(".editor-post-title__input, [aria-label='Add title']").first().textContent()).toBe(
    story.product.small,
  );
  // Close the pre-publish panel; the draft stays unsaved in the editor, as typed.
  await page.keyboard.press("Escape");
}

async function imagemap(
  page: Page,
  story: Story,
  words: Words,
  snap: (name: string) => Promise<void>,
): Promise<number> {
  await openEditor(page, wp.url, "post-new.php?post_type=imagemap_products", words.panels.imagemap);
  await setTitle(page, story.imagemap);
  await page
    .getByRole("group", { name: words.fields.sceneImage })
    .getByRole("button", { name: words.chooseImage })
    .click();
  await uploadInModal(page, sceneFile());
  expect(await mediaModal(page).count()).toBe(0);
  // The sidebar's scene is small: hotspots are placed on the larger one.
  await page.getByRole("button", { name: words.largerScene }).click();
  const scene = page.locator(".fc-catalogue-scene-modal .fc-catalogue-scene-image");
  await scene.waitFor();
  const box = await settledBox(scene);
  expect(box.width).toBeGreaterThan(400);
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.6);
  await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.4);
  await expect.poll(() => page.locator(".fc-catalogue-scene-modal .fc-catalogue-hotspot").count()).toBe(2);
  await snap("imagemap-larger-scene");
  await page.getByRole("button", { name: words.done, exact: true }).click();
  await chooseRelation(page, words.hotspotProduct(1), story.product.title, story.product.title);
  await chooseRelation(page, words.hotspotProduct(2), "Onda", "Onda");
  // Keyboard: hotspot 2 moves 5 % right with Shift+→.
  await page.locator(".fc-catalogue-scene .fc-catalogue-hotspot").nth(1).focus();
  await page.keyboard.press("Shift+ArrowRight");
  await expect
    .poll(() => page.locator(".fc-catalogue-hotspot").nth(1).getAttribute("aria-label"))
    .toMatch(words.hotspotAt("7[45](\\.\\d+)?", "(39\\.\\d+|40(\\.\\d+)?)"));
  if (story.lang === "en") placed = await placedHotspots(page);
  await snap("imagemap");
  await publish(page);
  const id = await postId(page);
  // An imagemap has no page of its own: no "View" that would open WordPress's empty theme, after publishing or in the list.
  await page.locator(".components-snackbar").first().waitFor();
  expect(await page.locator(".components-snackbar a, .post-publish-panel__postpublish-buttons a").count()).toBe(0);
  await page.goto(`${wp.url}/wp-admin/edit.php?post_type=imagemap_products`);
  await page.locator(`#post-${id}`).waitFor();
  expect(await page.locator(`#post-${id} .row-actions .view`).count()).toBe(0);
  return id;
}

async function frontPage(
  page: Page,
  story: Story,
  words: Words,
  snap: (name: string) => Promise<void>,
): Promise<number> {
  const { fields: f } = words;
  await sitePage("/"); // seen (and cached) before the edit
  const front = Number(
    await page.evaluate(async (url) => (await (await fetch(`${url}/wp-json/wuxt/v1/front-page`)).json()).id, wp.url),
  );
  await openEditor(page, wp.url, `post.php?post=${front}&action=edit`, words.panels.front);
  await field(page, f.tagline).fill(story.tagline);
  await addToken(page, f.featuredCollections, story.collection.search, story.collection.name);
  await chooseRelation(page, f.imagemap, story.imagemap.split(" ")[0]!, story.imagemap);
  await page
    .getByRole("group", { name: f.heroImage })
    .getByRole("button", { name: new RegExp(`^(${words.chooseImage}|${words.replaceImage})$`) })
    .click();
  await pickFromLibrary(page, 1, 2);
  await snap("front-page");
  await publish(page);
  const since = Date.now();
  const home = await shows(`${story.lang} home`, "/", (h) => h.includes(story.tagline), since);
  expect(home).toContain(`/collections/${story.collection.slug}`);
  expect(home).toContain(`/products/${made[story.lang]!.product}`); // a hotspot of the imagemap
  await siteShot("/", `${story.lang}-home`);
  return front;
}

async function renameCategory(page: Page, story: Story, snap: (name: string) => Promise<void>): Promise<void> {
  // Arranged as the operator set up the menus (not through the editor's screens): the English
  // header menu shows the category.
  const term = await wp.php<number>(
    `return get_term_by('name', '${story.categories[0]}', 'product_categories')->term_id;`,
  );
  await wp.php(
    `return wp_update_nav_menu_item(30, 0, ['menu-item-type' => 'taxonomy', 'menu-item-object' => 'product_categories', 'menu-item-object-id' => ${term}, 'menu-item-status' => 'publish']);`,
  );
  await shows(`${story.lang} menu item added`, "/", (h) => h.includes(story.categories[0]), Date.now());

  await page.goto(`${wp.url}/wp-admin/term.php?taxonomy=product_categories&tag_ID=${term}&post_type=products`);
  await page.fill("#name", story.renamed);
  await page.click("#edittag input[type=submit]");
  await page.locator("#message.updated, #message.notice-success").waitFor();
  const since = Date.now();
  await snap("category-renamed");
  const home = await shows(`${story.lang} renamed category in the menu`, "/", (h) => h.includes(story.renamed), since);
  expect(home).not.toContain(`>${story.categories[0]}<`);
}

async function menus(page: Page, words: Words, snap: (name: string) => Promise<void>): Promise<void> {
  // The editor's first visit: WordPress decides which boxes show.
  await page.goto(`${wp.url}/wp-admin/nav-menus.php`);
  const box = page.locator("#add-product_categories");
  await expect.poll(() => box.isVisible()).toBe(true);
  expect(await box.locator(".accordion-section-title").innerText()).toContain(words.menusCategoriesBox);
  const options = await page.locator("#screen-options-wrap label").allInnerTexts();
  const names = options.map((o) => o.trim()).filter(Boolean);
  expect(names.filter((n) => n === words.menusCategoriesBox)).toHaveLength(1);
  expect(new Set(names).size, names.join(", ")).toBe(names.length);
  await snap("menus");
}

function authorsJourney(): void {
  describe("an Author's journey", () => {
    let page: Page;
    beforeAll(async () => {
      page = await editorPage(AUTHOR.user, AUTHOR.password);
    });
    afterAll(() => page?.close());
    afterEach((context) => checkProblems(page, context));

    it("sets a designer, a collection, an exclusive and a related product, all someone else's, on their own product through the screens", async () => {
      const words = WORDS.en;
      const [designer, collection, exclusive] = await Promise.all(
        ["designers", "collections", "exclusives"].map(demoItem),
      );
      await openEditor(page, wp.url, "post-new.php?post_type=products", words.panels.product);
      await setTitle(page, "Autrice Cup");
      await field(page, words.fields.code).fill("FC-AU001");
      await chooseRelation(page, words.fields.designer, designer!.title.split(" ")[0]!, designer!.title);
      await chooseRelation(page, words.fields.collection, collection!.title.split(" ")[0]!, collection!.title);
      await chooseRelation(page, words.fields.exclusive, exclusive!.title.split(" ")[0]!, exclusive!.title);
      await addToken(page, words.fields.related, "Onda", "Onda");
      await screenshot(page, "wp-admin-author-product");
      await publish(page);
      const since = Date.now();
      const id = await postId(page);
      await editorNotice(page, words.live).waitFor();
      const html = await shows("author's product", `/products/${id}`, (h) => h.includes("Autrice Cup"), since);
      for (const text of [designer!.title, collection!.title]) expect(html, text).toContain(text);
      const saved = (await wp.rest("GET", `wp/v2/products/${id}?context=edit`)).body.meta;
      expect(saved).toMatchObject({ designer: designer!.id, collection: collection!.id, exclusive: exclusive!.id });
      expect(saved.related).toHaveLength(1);
    });
  });
}

function geometry(): void {
  describe("where a hotspot placed in wp-admin sits on the site", () => {
    // Needs the site to draw the scene at its own aspect ratio (app/components/Imagemap.tsx);
    // the home page shows the English editor's imagemap until the Italian run replaces it, so the
    // Italian run's front page is put back on it first.
    it.each([
      ["a phone", 390, 844],
      ["a desktop", 1280, 900],
    ])(
      "on %s (%i px wide), each hotspot sits on the point clicked, on a scene drawn at its own aspect ratio",
      async (_name, width, height) => {
        await wp.php(
          `update_post_meta(${made.en!.front}, 'imagemap', ${made.en!.imagemap}); return FC_Headless_Delivery::enqueue('front-page', 0, 'update');`,
        );
        await shows(
          "home with the English imagemap",
          "/",
          (h) => h.includes(`/products/${made.en!.product}`),
          Date.now(),
        );
        const visitor = await browser.newPage({ viewport: { width, height } });
        try {
          await visitor.goto(`${site.url}/`);
          const drawn = await drawnHotspots(visitor);
          await screenshot(visitor, `wp-admin-site-imagemap-${width}`);
          expect(
            drawn.aspect.drawn,
            `the scene is drawn at ${drawn.aspect.drawn.toFixed(3)} (width/height), the image is ${drawn.aspect.natural.toFixed(3)}`,
          ).toBeCloseTo(drawn.aspect.natural, 2);
          expect(drawn.hotspots).toHaveLength(placed.length);
          drawn.hotspots.forEach((spot, i) => {
            expect(
              Math.abs(spot.x - placed[i]!.x),
              `hotspot ${i + 1}: x on the site ${spot.x.toFixed(4)}, in wp-admin ${placed[i]!.x.toFixed(4)}`,
            ).toBeLessThan(0.01);
            expect(
              Math.abs(spot.y - placed[i]!.y),
              `hotspot ${i + 1}: y on the site ${spot.y.toFixed(4)}, in wp-admin ${placed[i]!.y.toFixed(4)}`,
            ).toBeLessThan(0.01);
          });
        } finally {
          await visitor.close();
        }
      },
    );
  });
}

function neverTraps(): void {
  describe("editing that never traps", () => {
    let editor: Page;
    const page = () => editor;
    beforeAll(async () => {
      editor = await editorPage(STORIES[0]!.user, STORIES[0]!.password);
    });
    afterAll(() => editor?.close());
    afterEach((context) =>
      checkProblems(
        page(),
        context,
        (e) => context.task.name.includes("social link") && e === "pageerror: Node cannot be null or undefined",
      ),
    );

    it("shows a designer that went to the trash as such, saves the product's other fields, and clears it with a button", async () => {
      const [designer, productId] = await wp.php<
        [number, number]
      >(`$d = wp_insert_post(['post_type' => 'designers', 'post_status' => 'publish', 'post_title' => 'Paola Cestino']);
        $p = wp_insert_post(['post_type' => 'products', 'post_status' => 'publish', 'post_title' => 'Vaso Cestino', 'meta_input' => ['code' => 'FC-TR001', 'designer' => $d]]);
        pll_set_post_language($d, 'en'); pll_set_post_language($p, 'en'); wp_trash_post($d); return [$d, $p];`);
      await openEditor(page(), wp.url, `post.php?post=${productId}&action=edit`, WORDS.en.panels.product);
      const notice = page().locator(".fc-catalogue-unavailable", {
        hasText: "Designer: “Paola Cestino” (in the trash)",
      });
      await notice.waitFor();
      await screenshot(page(), "wp-admin-relation-in-the-trash");
      await field(page(), "Materials").fill("Porcelain, gold leaf");
      await publish(page());
      expect((await wp.rest("GET", `wp/v2/products/${productId}?context=edit`)).body.meta).toMatchObject({
        materials: "Porcelain, gold leaf",
        designer,
      });
      await notice.getByRole("button", { name: "Clear Designer" }).click();
      await publish(page());
      expect((await wp.rest("GET", `wp/v2/products/${productId}?context=edit`)).body.meta.designer).toBe(0);
    });

    it("keeps a hotspot let go outside the scene where it was, and says so", async () => {
      // One of the demo's imagemaps (this step needs nothing of the journeys').
      const imagemap = await demoItem("imagemap_products");
      await openEditor(page(), wp.url, `post.php?post=${imagemap.id}&action=edit`, WORDS.en.panels.imagemap);
      await page().locator(".fc-catalogue-scene-image").waitFor();
      const spot = page().locator(".fc-catalogue-scene .fc-catalogue-hotspot").first();
      const before = await spot.getAttribute("aria-label");
      const scene = await settledBox(page().locator(".fc-catalogue-scene-image"));
      const at = (await spot.boundingBox())!;
      await page().mouse.move(at.x + at.width / 2, at.y + at.height / 2);
      await page().mouse.down();
      await page().mouse.move(scene.x + scene.width / 2, scene.y + scene.height / 2, { steps: 5 });
      await page().mouse.move(scene.x - 60, scene.y + scene.height + 40, { steps: 5 });
      await page().mouse.up();
      await page()
        .locator(".fc-catalogue-hotspot-refused", {
          hasText: "Hotspot 1 was let go outside the scene image: it stays where it was.",
        })
        .waitFor();
      await screenshot(page(), "wp-admin-hotspot-off-the-scene");
      expect(await spot.getAttribute("aria-label")).toBe(before);
    });

    it("refuses a javascript: social link with a message naming it, keeps it typed, and saves the web address that replaces it", async () => {
      const front = await wp.php<number>("return (int) get_option('page_on_front');");
      await openEditor(page(), wp.url, `post.php?post=${front}&action=edit`, WORDS.en.panels.front);
      const n = (await page().locator(".fc-catalogue-social").count()) + 1;
      await page().getByRole("button", { name: "Add a social link" }).click();
      await field(page(), `Social network ${n}`).fill("Instagram");
      await field(page(), `Social link ${n}`).fill("javascript:alert(1)");
      await tryToPublish(page());
      await page()
        .locator(".components-notice.is-error", {
          hasText: `Company: social link ${n}, “javascript:alert(1)”, is not a web address`,
        })
        .waitFor();
      await screenshot(page(), "wp-admin-social-link-refused");
      expect(await field(page(), `Social link ${n}`).inputValue()).toBe("javascript:alert(1)");
      await field(page(), `Social link ${n}`).fill("https://www.instagram.com/fc.porcellane");
      await publish(page());
      const company = (await wp.rest("GET", `wp/v2/pages/${front}?context=edit`)).body.meta.company;
      expect(company.social.at(-1)).toEqual({ network: "Instagram", url: "https://www.instagram.com/fc.porcellane" });
    });
  });
}

function siteStopped(): void {
  describe("the site stopped", () => {
    it("tells the editor, after Update, that the site has not confirmed the change yet", async () => {
      const page = await editorPage(STORIES[0]!.user, STORIES[0]!.password);
      // A product of its own, without the demo's Classic-block body (WordPress 6.1's TinyMCE throws when the focus leaves one).
      const product = await wp.php<number>(
        `$p = wp_insert_post(['post_type' => 'products', 'post_status' => 'publish', 'post_title' => 'Vaso Fermo', 'meta_input' => ['code' => 'FC-ST001']]); pll_set_post_language($p, 'en'); return $p;`,
      );
      await site.stop();
      await openEditor(page, wp.url, `post.php?post=${product}&action=edit`, WORDS.en.panels.product);
      await field(page, "Materials").fill("Biscuit porcelain, silk cord");
      await publish(page);
      await editorNotice(page, WORDS.en.notConfirmed).waitFor();
      await screenshot(page, "wp-admin-not-confirmed");
      expect(drainProblems(page)).toEqual([]);
      await page.close();
    });
  });
}
