// The publish loop against a real WordPress with the fc-headless plugin: an editor's change
// reaches the site as a signed webhook, checked here exactly as the site's /api/cache/webhook
// checks it (docs/interfaces.md "The WordPress webhook") — updates, trash and delete, terms, menus, the front page, translation
// links, "purge everything" —, renamed slugs stay findable (old_slugs), previews are served on a
// signed link only, editors' links point at the site, and a delivery that failed while the site
// was down arrives once it is back, when WP-Cron runs.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hasWordPressParts, startWordPress, type WordPressSite } from "../../support/wordpress-site";
import {
  checkDelivery,
  startWebhookReceiver,
  type WebhookEvent,
  type WebhookReceiver,
} from "../../support/wordpress-webhook";

const enabled = hasWordPressParts();
const SECRET = "publish-loop-secret-0123456789";
const PUBLIC_URL = "https://fc.example";

let wp: WordPressSite;
let site: WebhookReceiver;

beforeAll(async () => {
  if (!enabled) return;
  site = await startWebhookReceiver(SECRET);
  wp = await startWordPress({
    siteUrls: [site.url],
    secret: SECRET,
    publicUrl: PUBLIC_URL,
    retrySeconds: 1,
    uploads: false,
  });
}, 240_000);

afterAll(async () => {
  await wp?.stop();
  await site?.close();
});

let since = 0;
beforeEach(() => {
  since = Date.now();
});

const is =
  (type: string, id: number, action: WebhookEvent["action"] = "update") =>
  (e: WebhookEvent) =>
    e.type === type && e.id === id && e.action === action;

async function expectOk<T = any>(call: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const res = await call;
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(status);
  return res.body;
}

function previewSig(type: string, id: number, exp: number, secret = SECRET): string {
  return createHmac("sha256", secret).update(`preview.${type}.${id}.${exp}`).digest("hex");
}

describe.skipIf(!enabled)("webhooks from WordPress", () => {
  it("sends a signed update when a product is edited, and the change is live at once", async () => {
    await expectOk(wp.rest("POST", "wp/v2/products/224", { title: "Onda Vase, tall" }));
    const delivery = await site.waitFor(is("products", 224), { since });
    // Signed exactly as the site checks it.
    expect(delivery.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(
      checkDelivery(
        SECRET,
        { "x-fc-timestamp": String(delivery.timestamp), "x-fc-signature": delivery.signature },
        delivery.body,
      ).status,
    ).toBe(202);
    expect(Math.abs(delivery.timestamp - Date.now() / 1000)).toBeLessThan(30);
    expect(JSON.parse(delivery.body)).toEqual({
      delivery: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      events: expect.arrayContaining([{ type: "products", id: 224, action: "update" }]),
    });
    // One request, one delivery: the product's save and its meta changes are one event.
    expect(delivery.events.filter((e) => e.type === "products" && e.id === 224)).toHaveLength(1);
    const live = await fetch(`${wp.url}/wp-json/wp/v2/products/224`);
    expect((await live.json()).title.rendered).toBe("Onda Vase, tall");
    // What the block editor asks after Update: the site has it.
    expect(await expectOk(wp.rest("GET", "fc-headless/v1/live/products/224"))).toMatchObject({
      state: "live",
      next: null,
    });
  });

  it("sends delete when a product is unpublished, trashed or deleted for good", async () => {
    await expectOk(wp.rest("POST", "wp/v2/products/236", { status: "draft" }));
    await site.waitFor(is("products", 236, "delete"), { since });
    await expectOk(wp.rest("POST", "wp/v2/products/236", { status: "publish" }));
    await site.waitFor(is("products", 236, "update"), { since });

    const trashed = Date.now();
    await expectOk(wp.rest("DELETE", "wp/v2/products/240"));
    await site.waitFor(is("products", 240, "delete"), { since: trashed });
    expect((await fetch(`${wp.url}/wp-json/wp/v2/products/240`)).status).toBe(401);

    const deleted = Date.now();
    await expectOk(wp.rest("DELETE", "wp/v2/products/244?force=true"));
    await site.waitFor(is("products", 244, "delete"), { since: deleted });
    expect((await fetch(`${wp.url}/wp-json/wp/v2/products/244`)).status).toBe(404);
  });

  it("sends an update when WP-Cron publishes a scheduled product", async () => {
    // WordPress schedules only what is at least a minute ahead; the test then lets the time pass
    // by moving the post's date and its publish_future_post event to now.
    const at = new Date(Date.now() + 3_600_000).toISOString().slice(0, 19);
    const created = await expectOk(
      wp.rest("POST", "wp/v2/products", { title: "Onda Vase III", status: "future", date_gmt: at }),
      201,
    );
    expect(created.status).toBe("future");
    await wp.php(`global $wpdb; $id = ${created.id}; $now = time() - 1;
      $wpdb->update($wpdb->posts, ['post_date_gmt' => gmdate('Y-m-d H:i:s', $now), 'post_date' => get_date_from_gmt(gmdate('Y-m-d H:i:s', $now))], ['ID' => $id]);
      clean_post_cache($id); wp_clear_scheduled_hook('publish_future_post', [$id]); wp_schedule_single_event($now, 'publish_future_post', [$id]); return true;`);
    expect(site.events.some((e) => e.id === created.id)).toBe(false);
    await wp.cron();
    const delivery = await site.waitFor(is("products", created.id), { since });
    expect(delivery.status).toBe(202);
    expect((await (await fetch(`${wp.url}/wp-json/wp/v2/products/${created.id}`)).json()).status).toBe("publish");
  }, 20_000);

  it("sends nothing for a draft that is edited", async () => {
    const draft = (
      await wp.php<number[]>(
        "return get_posts(['post_type' => 'products', 'post_status' => 'draft', 'fields' => 'ids', 'numberposts' => 1]);",
      )
    )[0]!;
    const before = site.deliveries.length;
    await expectOk(wp.rest("POST", `wp/v2/products/${draft}`, { title: "Still a draft" }));
    await new Promise((r) => setTimeout(r, 300));
    expect(
      site.deliveries
        .slice(before)
        .flatMap((d) => d.events)
        .filter((e) => e.id === draft),
    ).toEqual([]);
  });

  it("sends menu events for a menu item edit", async () => {
    // Item 33 ("Products") is in the English header menu, term 30.
    await expectOk(wp.rest("POST", "wp/v2/menu-items/33", { title: "Catalogue" }));
    await site.waitFor(is("menu", 30), { since });
    const menu = await fetch(`${wp.url}/wp-json/wuxt/v1/menu?location=header`);
    expect((await menu.json())["33"].title).toBe("Catalogue");
  });

  it("sends a menu event when a category or a page that a menu shows is renamed, or the page unpublished", async () => {
    // The English header menu (term 30) gets an item for category 6 and one for the About page.
    const about = await wp.php<number>("return get_page_by_path('about')->ID;");
    for (const item of [
      { type: "taxonomy", object: "product_categories", object_id: 6 },
      { type: "post_type", object: "page", object_id: about },
    ]) {
      await expectOk(wp.rest("POST", "wp/v2/menu-items", { ...item, menus: 30, status: "publish" }), 201);
    }

    const renamed = Date.now();
    await expectOk(wp.rest("POST", "wp/v2/product_categories/6", { name: "Vases and bottles" }));
    await site.waitFor(is("menu", 30), { since: renamed });
    const menu = (await (await fetch(`${wp.url}/wp-json/wuxt/v1/menu?location=header`)).json()) as Record<
      string,
      { title: string }
    >;
    expect(Object.values(menu).map((item) => item.title)).toContain("Vases and bottles");

    const slug = Date.now();
    await expectOk(wp.rest("POST", `wp/v2/pages/${about}`, { slug: "about-fc" }));
    await site.waitFor(is("menu", 30), { since: slug });
    const status = Date.now();
    await expectOk(wp.rest("POST", `wp/v2/pages/${about}`, { status: "draft" }));
    await site.waitFor(is("menu", 30), { since: status });
    await expectOk(wp.rest("POST", `wp/v2/pages/${about}`, { status: "publish", slug: "about" }));

    // A description is not in any menu: no menu event for it.
    const described = Date.now();
    await expectOk(wp.rest("POST", "wp/v2/product_categories/6", { description: "Only the description." }));
    const delivery = await site.waitFor(is("product_categories", 6), { since: described });
    expect(delivery.events.some((e) => e.type === "menu")).toBe(false);
  });

  it("sends term, media, front-page and purge-all events", async () => {
    await expectOk(wp.rest("POST", "wp/v2/product_categories/6", { description: "Vases, bottles and amphorae." }));
    await site.waitFor(is("product_categories", 6), { since });

    await expectOk(wp.rest("POST", "wp/v2/media/221", { alt_text: "The Onda vase, tall, in celadon." }));
    await site.waitFor(is("media", 221), { since });

    // The Italian front page is a translation of the front page: its edit purges the front page too.
    await expectOk(wp.rest("POST", "wp/v2/pages/22", { excerpt: "Porcellane contemporanee." }));
    await site.waitFor(is("front-page", 0), { since });
    const option = Date.now();
    await wp.php("update_option('page_on_front', 20); update_option('page_on_front', 18); return true;");
    await site.waitFor(is("front-page", 0), { since: option });

    const purge = Date.now();
    await expectOk(wp.rest("POST", "fc-headless/v1/purge-all"), 202);
    const all = await site.waitFor(is("all", 0), { since: purge });
    expect(all.events).toEqual([{ type: "all", id: 0, action: "update" }]);
  });

  it("purges both items when a translation is unlinked or linked", async () => {
    await wp.php("pll_save_post_translations(['en' => 224]); return true;");
    await site.waitFor(is("products", 224), { since });
    await site.waitFor(is("products", 228), { since });
    expect((await (await fetch(`${wp.url}/wp-json/wp/v2/products/228`)).json()).translations).toEqual({ it: 228 });

    const relinked = Date.now();
    await wp.php("pll_save_post_translations(['en' => 224, 'it' => 228]); return true;");
    await site.waitFor(is("products", 228), { since: relinked });
    await site.waitFor(is("products", 224), { since: relinked });
    expect((await (await fetch(`${wp.url}/wp-json/wp/v2/products/228`)).json()).translations).toEqual({
      it: 228,
      en: 224,
    });
  });
});

describe.skipIf(!enabled)("old slugs", () => {
  it("keeps a renamed product's old slug, findable with ?old_slug=", async () => {
    await expectOk(wp.rest("POST", "wp/v2/products/232", { slug: "piatto-pietra-grande" }));
    const renamed = await (await fetch(`${wp.url}/wp-json/wp/v2/products/232`)).json();
    expect(renamed.slug).toBe("piatto-pietra-grande");
    expect(renamed.old_slugs).toEqual(["piatto-pietra"]);
    const found = (await (
      await fetch(`${wp.url}/wp-json/wp/v2/products?old_slug=piatto-pietra&lang=it&_fields=id,slug`)
    ).json()) as any[];
    expect(found).toEqual([{ id: 232, slug: "piatto-pietra-grande" }]);
    expect(
      await (await fetch(`${wp.url}/wp-json/wp/v2/products?old_slug=piatto-pietra&lang=en&_fields=id`)).json(),
    ).toEqual([]);
    await site.waitFor(is("products", 232), { since });
  });

  it("keeps a renamed collection's and category's old slugs", async () => {
    await expectOk(wp.rest("POST", "wp/v2/collections/138", { slug: "marea-2022" }));
    const collection = (await (
      await fetch(`${wp.url}/wp-json/wp/v2/collections?old_slug=marea&_fields=id,slug,old_slugs`)
    ).json()) as any[];
    expect(collection).toEqual([{ id: 138, slug: "marea-2022", old_slugs: ["marea"] }]);

    await expectOk(wp.rest("POST", "wp/v2/product_categories/8", { slug: "bowls-and-cups" }));
    const term = await (await fetch(`${wp.url}/wp-json/wp/v2/product_categories/8`)).json();
    expect(term.slug).toBe("bowls-and-cups");
    expect(term.old_slugs).toHaveLength(1);
    const byOld = (await (
      await fetch(`${wp.url}/wp-json/wp/v2/product_categories?old_slug=${term.old_slugs[0]}&_fields=id`)
    ).json()) as any[];
    expect(byOld).toEqual([{ id: 8 }]);
    await site.waitFor(is("product_categories", 8), { since });
  });
});

describe.skipIf(!enabled)("previews", () => {
  let draft: number;
  beforeAll(async () => {
    draft = (
      await wp.php<number[]>(
        "return get_posts(['post_type' => 'products', 'post_status' => 'draft', 'fields' => 'ids', 'numberposts' => 1, 'lang' => 'it']);",
      )
    )[0]!;
  });

  const preview = (type: string, id: number, query: string) =>
    fetch(`${wp.url}/wp-json/fc-headless/v1/preview/${type}/${id}${query}`);

  it("serves a draft on a validly signed link, and nothing without one", async () => {
    const exp = Math.floor(Date.now() / 1000) + 300;
    const ok = await preview("products", draft, `?exp=${exp}&sig=${previewSig("products", draft, exp)}&_embed`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toContain("no-store");
    const body = await ok.json();
    expect(body).toMatchObject({ id: draft, status: "draft", lang: "it", type: "products" });
    expect(body.meta.code).toMatch(/^FC-/);
    expect(body._embedded["wp:featuredmedia"][0].id).toBe(body.featured_media);
    // The public route still refuses it.
    expect((await fetch(`${wp.url}/wp-json/wp/v2/products/${draft}`)).status).toBe(401);

    const unsigned = await preview("products", draft, "");
    expect(unsigned.status).toBe(401);
    expect((await unsigned.json()).code).toBe("fc_headless_preview_unsigned");
    const forged = await preview(
      "products",
      draft,
      `?exp=${exp}&sig=${previewSig("products", draft, exp, "wrong-secret")}`,
    );
    expect(forged.status).toBe(403);
    const otherItem = await preview("products", 224, `?exp=${exp}&sig=${previewSig("products", draft, exp)}`);
    expect(otherItem.status).toBe(403);
    const past = exp - 600;
    const expired = await preview("products", draft, `?exp=${past}&sig=${previewSig("products", draft, past)}`);
    expect(expired.status).toBe(403);
    expect((await expired.json()).code).toBe("fc_headless_preview_expired");
  });

  it("shows the latest autosave of a published product", async () => {
    await expectOk(
      wp.rest("POST", "wp/v2/products/248/autosaves", {
        title: "A title not published yet",
        content: "<p>New words.</p>",
      }),
    );
    expect((await (await fetch(`${wp.url}/wp-json/wp/v2/products/248`)).json()).title.rendered).not.toBe(
      "A title not published yet",
    );
    const exp = Math.floor(Date.now() / 1000) + 300;
    const body = await (await preview("products", 248, `?exp=${exp}&sig=${previewSig("products", 248, exp)}`)).json();
    expect(body.title.rendered).toBe("A title not published yet");
    expect(body.content.rendered).toContain("New words.");
    expect(body.preview.autosave).toBeGreaterThan(0);
  });

  it("makes WordPress's Preview open the signed link on the site", async () => {
    const link = await wp.php<string>(`return get_preview_post_link(${draft});`);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/preview`);
    expect(url.searchParams.get("type")).toBe("products");
    expect(url.searchParams.get("id")).toBe(String(draft));
    const exp = Number(url.searchParams.get("exp"));
    expect(exp).toBeGreaterThan(Date.now() / 1000);
    expect(url.searchParams.get("sig")).toBe(previewSig("products", draft, exp));
    // The link's values open the draft.
    expect((await preview("products", draft, url.search)).status).toBe(200);
  });
});

describe.skipIf(!enabled)("links in the editor", () => {
  const editLink = async (route: string) =>
    ((await expectOk(wp.rest("GET", `${route}?context=edit&_fields=link`))) as { link: string }).link;

  it("points View at the site, with the language prefix and Italian path words", async () => {
    expect(await editLink("wp/v2/products/224")).toBe(`${PUBLIC_URL}/products/224`);
    expect(await editLink("wp/v2/products/228")).toBe(`${PUBLIC_URL}/it/prodotti/228`);
    const italianCollection = (
      (await (await fetch(`${wp.url}/wp-json/wp/v2/collections?lang=it&per_page=1&_fields=id`)).json()) as {
        id: number;
      }[]
    )[0]!.id;
    expect(await editLink(`wp/v2/collections/${italianCollection}`)).toMatch(
      new RegExp(`^${PUBLIC_URL}/it/collezioni/[a-z0-9-]+$`),
    );
    expect(await editLink("wp/v2/pages/28")).toBe(`${PUBLIC_URL}/it/manifattura`);
    expect(await editLink("wp/v2/pages/26")).toBe(`${PUBLIC_URL}/it/about`);
    expect(await editLink("wp/v2/pages/30")).toBe(`${PUBLIC_URL}/contact`);
    expect(await editLink("wp/v2/pages/22")).toBe(`${PUBLIC_URL}/it`);
    expect(await editLink("wp/v2/pages/18")).toBe(`${PUBLIC_URL}/`);
    expect(await editLink("wp/v2/product_categories/7")).toMatch(new RegExp(`^${PUBLIC_URL}/it/categorie/[a-z0-9-]+$`));
    const draft = (
      await wp.php<number[]>(
        "return get_posts(['post_type' => 'products', 'post_status' => 'draft', 'fields' => 'ids', 'numberposts' => 1]);",
      )
    )[0]!;
    expect(await editLink(`wp/v2/products/${draft}`)).toMatch(
      new RegExp(`^${PUBLIC_URL}/preview\\?type=products&id=${draft}&exp=\\d+&sig=[0-9a-f]{64}$`),
    );
  });

  it("gives an unpublished item's URL in the block editor as its address on the site, not its preview link", async () => {
    const draft = (
      await wp.php<number[]>(
        "return get_posts(['post_type' => 'products', 'post_status' => 'draft', 'fields' => 'ids', 'numberposts' => 1, 'lang' => 'en', 'suppress_filters' => false]);",
      )
    )[0]!;
    const product = await expectOk(wp.rest("GET", `wp/v2/products/${draft}?context=edit&_fields=permalink_template`));
    expect(product.permalink_template).toBe(`${PUBLIC_URL}/products/${draft}`);
    const edition = await expectOk(
      wp.rest("POST", "wp/v2/collections", { title: "Collection not yet out", status: "draft" }),
      201,
    );
    const template = await expectOk(
      wp.rest("GET", `wp/v2/collections/${edition.id}?context=edit&_fields=permalink_template`),
    );
    expect(template.permalink_template).toBe(`${PUBLIC_URL}/collections/%postname%`);
  });

  it("leaves the links of the public REST answers on WordPress, where the site rewrites them", async () => {
    const product = await (await fetch(`${wp.url}/wp-json/wp/v2/products/228?_fields=link`)).json();
    expect(product.link).toBe(`${wp.url}/it/prodotti/vaso-onda/`);
  });

  it("shows the settings page with the failures list", async () => {
    const html = await wp.php<string>(
      "require_once ABSPATH . 'wp-admin/includes/template.php'; ob_start(); FC_Headless_Admin::render(); return ob_get_clean();",
    );
    expect(html).toContain("FC Headless");
    expect(html).toContain("Set in wp-config.php.");
    expect(html).toContain("Purge everything");
  });
});

describe.skipIf(!enabled)("retries", () => {
  it("delivers, signed afresh, once the site is back, when WP-Cron runs", async () => {
    await site.stop();
    const down = Date.now();
    await expectOk(wp.rest("POST", "wp/v2/projects/256", { excerpt: "Edited while the site was down." }));
    const failures = await wp.php<any[]>("return FC_Headless_Delivery::failures();");
    expect(failures[0]).toMatchObject({ site: site.url, attempt: 1, status: null, gave_up: false });
    expect(failures[0].events).toContainEqual({ type: "projects", id: 256, action: "update" });
    const firstTry = failures[0].key as string;
    const scheduled = await wp.php<any[]>("return FC_Headless_Delivery::scheduled_retries();");
    expect(scheduled.some((r) => r.attempt === 2 && r.events.some((e: WebhookEvent) => e.id === 256))).toBe(true);
    // The block editor says: not confirmed yet, retrying (with the next try's time).
    const retrying = await expectOk(wp.rest("GET", "fc-headless/v1/live/projects/256"));
    expect(retrying).toMatchObject({ state: "retrying" });
    expect(retrying.next).toBeGreaterThanOrEqual(Math.floor(down / 1000));
    // The admin notice tells administrators.
    const notice = await wp.php<string>("ob_start(); FC_Headless_Admin::notice(); return ob_get_clean();");
    expect(notice).toContain("will be tried again");

    await site.start();
    await new Promise((r) => setTimeout(r, 2_100)); // FC_HEADLESS_RETRY_SECONDS is 1 here
    await wp.cron();
    const delivery = await site.waitFor(is("projects", 256), { since: down });
    expect(delivery.status).toBe(202);
    // Signed at the retry, not at the first try.
    expect(delivery.timestamp).toBeGreaterThanOrEqual(Math.floor(down / 1000) + 1);
    // The retry carries the first try's delivery id, so the site purges it once however often it comes.
    expect(delivery.delivery).toBe(firstTry);
    expect(await expectOk(wp.rest("GET", "fc-headless/v1/live/projects/256"))).toMatchObject({ state: "live" });
    expect(await wp.php<any[]>("return FC_Headless_Delivery::scheduled_retries();")).toEqual([]);
    // Delivered: the failure leaves the list (and the administrators' notice).
    const left = await wp.php<any[]>("return FC_Headless_Delivery::failures();");
    expect(left.filter((f) => f.events.some((e: WebhookEvent) => e.id === 256))).toEqual([]);
  }, 30_000);

  it("gives up after the last try and says so", async () => {
    await site.stop();
    try {
      await expectOk(wp.rest("POST", "wp/v2/exclusives/260", { excerpt: "Nobody hears this." }));
      for (let i = 0; i < 2; i++) {
        await new Promise((r) => setTimeout(r, 2_100 * (i + 1)));
        await wp.cron();
      }
      const failures = await wp.php<any[]>("return FC_Headless_Delivery::failures();");
      expect(failures[0]).toMatchObject({ attempt: 3, gave_up: true });
      expect(await wp.php<any[]>("return FC_Headless_Delivery::scheduled_retries();")).toEqual([]);
      const notice = await wp.php<string>("ob_start(); FC_Headless_Admin::notice(); return ob_get_clean();");
      expect(notice).toContain("could not be told");
      expect(await expectOk(wp.rest("GET", "fc-headless/v1/live/exclusives/260"))).toMatchObject({
        state: "failed",
        next: null,
      });
    } finally {
      await site.start();
    }
  }, 30_000);
});
