// Driving wp-admin as an editor does, in Chromium (playwright-core): the login form, the block
// editor (title, the FC panel's controls found by their labels, publishing), the media library's
// modal, and the term screens. Nothing here calls REST: every change goes through the screens.
// WordPress's own words are found by element ids and classes, not by their text, so the same
// steps run for an editor whose profile language is Italian.
import type { Locator, Page } from "playwright-core";

export async function logIn(page: Page, wpUrl: string, user: string, password: string): Promise<void> {
  await page.goto(`${wpUrl}/wp-login.php`);
  await page.fill("#user_login", user);
  await page.fill("#user_pass", password);
  await Promise.all([page.waitForURL(/\/wp-admin\/?/), page.click("#wp-submit")]);
}

/** Opens the block editor at `path` (post-new.php?… or post.php?post=…&action=edit); the FC panel `panel` opens by itself. */
export async function openEditor(page: Page, wpUrl: string, path: string, panel: string): Promise<void> {
  await page.goto(`${wpUrl}/wp-admin/${path}`);
  await page.waitForSelector(".edit-post-layout");
  // The block editor's welcome guide, on an account's first visit.
  const guide = page.locator(".edit-post-welcome-guide");
  if (await guide.isVisible().catch(() => false)) await page.keyboard.press("Escape");
  await panelToggle(page, panel).and(page.locator("[aria-expanded='true']")).waitFor();
}

function panelToggle(page: Page, title: string): Locator {
  return page.locator(".components-panel__body-toggle", { hasText: new RegExp(`^${title}$`) }).first();
}

/** Expands a sidebar panel by its title. */
export async function openPanel(page: Page, title: string): Promise<void> {
  const toggle = panelToggle(page, title);
  await toggle.waitFor();
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
}

export async function setTitle(page: Page, title: string): Promise<void> {
  const field = page.locator(".editor-post-title__input, [aria-label='Add title']").first();
  await field.click();
  await field.fill(title);
}

/** The element's box once it has stopped moving (a dialog's opening animation, a late image). */
export async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = await locator.boundingBox();
  for (;;) {
    await locator.page().waitForTimeout(100);
    const now = await locator.boundingBox();
    if (last && now && JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
}

/** A text or number control of the FC panel, by its label. */
export function field(page: Page, label: string): Locator {
  return page.locator(".fc-catalogue-fields").getByLabel(label, { exact: true });
}

/** A relation (ComboboxControl): type part of the name, choose the item. */
export async function chooseRelation(page: Page, label: string, search: string, name: string): Promise<void> {
  const input = field(page, label);
  await input.click();
  await input.fill(search);
  await page
    .locator(".components-form-token-field__suggestion, .components-combobox-control__suggestion, [role='option']", {
      hasText: name,
    })
    .first()
    .click();
}

/** A list relation (FormTokenField): type part of the name, choose the suggestion. */
export async function addToken(page: Page, label: string, search: string, name: string): Promise<void> {
  const input = page
    .locator(".fc-catalogue-fields .components-form-token-field", { has: page.getByText(label, { exact: true }) })
    .locator("input");
  await input.click();
  await input.fill(search);
  await page.locator(".components-form-token-field__suggestion", { hasText: name }).first().click();
}

/** The open media modal. */
export function mediaModal(page: Page): Locator {
  return page.locator(".media-modal:visible").last();
}

/** In the open media modal: the library tab, pick `count` images (from `first`), confirm. */
export async function pickFromLibrary(page: Page, count: number, first = 0): Promise<void> {
  const modal = mediaModal(page);
  await modal.waitFor();
  const library = modal.locator("#menu-item-browse");
  if (await library.isVisible().catch(() => false)) await library.click();
  const items = modal.locator("li.attachment");
  await items.nth(first + count - 1).waitFor();
  for (let i = first; i < first + count; i++)
    await items.nth(i).click({ modifiers: count > 1 && i > first ? ["Control"] : [] });
  await modal.locator(".media-button-select, .media-toolbar-primary button.button-primary").first().click();
  await modal.waitFor({ state: "hidden" });
}

/** In the open media modal: upload a file and confirm it. */
export async function uploadInModal(page: Page, file: string): Promise<void> {
  const modal = mediaModal(page);
  await modal.waitFor();
  const upload = modal.locator("#menu-item-upload");
  if (await upload.isVisible().catch(() => false)) await upload.click();
  await modal.locator("input[type=file]").setInputFiles(file);
  // The upload lands selected in the library once WordPress has made its sizes.
  await modal.locator("li.attachment.selected.save-ready, li.attachment.details").first().waitFor({ timeout: 60_000 });
  await modal.locator(".media-button-select, .media-toolbar-primary button.button-primary").first().click();
  await modal.waitFor({ state: "hidden" });
}

/** The block editor's save has finished, and the post is saved and published. */
async function savedAndPublished(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const editor = (
      window as unknown as { wp: { data: { select(store: string): Record<string, () => any> } } }
    ).wp.data.select("core/editor");
    return (
      !editor.isSavingPost!() &&
      editor.didPostSaveRequestSucceed!() &&
      !editor.isEditedPostDirty!() &&
      editor.getCurrentPost!().status === "publish"
    );
  });
}

/**
 * Publish (both steps of the block editor's pre-publish check) or Update; waits until saved, and
 * fails at once with the editor's message if the save is refused.
 */
export async function publish(page: Page): Promise<void> {
  // An earlier refusal's message is closed first, as an editor who has read it does.
  const earlier = page.locator(".components-notice.is-error .components-notice__dismiss");
  while ((await earlier.count()) > 0) await earlier.first().click();
  const prePublish = page.locator(".editor-post-publish-panel__toggle");
  if (await prePublish.isVisible()) {
    await prePublish.click();
    await page.locator(".editor-post-publish-panel .editor-post-publish-button__button").click();
  } else {
    await page.locator(".editor-post-publish-button__button").first().click();
  }
  const refused = page.locator(".components-notice.is-error").first();
  await Promise.race([
    savedAndPublished(page),
    refused.waitFor({ timeout: 60_000 }).then(async () => {
      throw new Error(`the block editor refused to save: ${await refused.innerText()}`);
    }),
  ]);
}

/** Starts Publish or Update without waiting for the outcome (a refusal is expected). */
export async function tryToPublish(page: Page): Promise<void> {
  const prePublish = page.locator(".editor-post-publish-panel__toggle");
  if (await prePublish.isVisible()) {
    await prePublish.click();
    await page.locator(".editor-post-publish-panel .editor-post-publish-button__button").click();
  } else {
    await page.locator(".editor-post-publish-button__button").first().click();
  }
}

/** The block editor's notices above the content (errors, and fc-headless's "Live on the site"). */
export function editorNotice(page: Page, text: string | RegExp): Locator {
  return page.locator(".components-notice", { hasText: text }).first();
}

/** The id of the post in the editor (from the URL WordPress moves to after the first save). */
export async function postId(page: Page): Promise<number> {
  await page.waitForURL(/post\.php\?post=\d+/);
  return Number(new URL(page.url()).searchParams.get("post"));
}
