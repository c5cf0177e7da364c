// The fc-catalogue plugin in a real WordPress (Debian's 6.1 with the Polylang stand-in): who may
// edit what (Editors and Administrators everything, Authors their own products with any published
// designer, collection, exclusive or product, the site's read-only account published content
// only), what is refused with a message that names the field (a relation to the wrong type or
// language, a hotspot outside the image, a duplicate code, a hex that is not #RRGGBB, a social
// link that is not a web address, an image the user may not attach) with nothing stored and
// nothing named that the user may not read, what is not refused (the other fields of an item
// whose designer went to the trash), which fields Polylang copies into a new translation, the
// company pages offered on activation, and what uninstalling takes back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasWordPressParts, startWordPress, type WordPressSite } from "../../support/wordpress-site";

const enabled = hasWordPressParts();
let wp: WordPressSite;
const users: Record<string, { id: number; authorization: string }> = {};

async function as(user: string, method: string, route: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${wp.url}/wp-json/${route}`, {
    method,
    headers: {
      Authorization: user === "reader" ? wp.reader.authorization : users[user]!.authorization,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  if (!enabled) return;
  wp = await startWordPress({ uploads: false });
  for (const role of ["editor", "author", "author2"]) {
    const [id, password] = await wp.php<
      [number, string]
    >(`$id = wp_insert_user(['user_login' => '${role}', 'user_pass' => wp_generate_password(24), 'user_email' => '${role}@example.com', 'role' => '${role.replace(/\d$/, "")}']);
      $p = WP_Application_Passwords::create_new_application_password($id, ['name' => 'tests']); return [$id, $p[0]];`);
    users[role] = { id, authorization: `Basic ${Buffer.from(`${role}:${password}`).toString("base64")}` };
  }
}, 240_000);

afterAll(async () => {
  await wp?.stop();
});

/** Ids of the demo's items by type and language (the first of each). */
async function first(type: string, lang: string, offset = 0): Promise<{ id: number; title: string }> {
  const res = await fetch(
    `${wp.url}/wp-json/wp/v2/${type}?lang=${lang}&per_page=5&orderby=id&order=asc&_fields=id,title,name`,
  );
  const list = (await res.json()) as { id: number; title?: { rendered: string }; name?: string }[];
  const item = list[offset]!;
  return { id: item.id, title: item.title?.rendered ?? item.name ?? "" };
}

describe.skipIf(!enabled)("roles", () => {
  it("lets Editors edit the whole catalogue", async () => {
    const designer = await as("editor", "POST", "wp/v2/designers", {
      title: "Giulia Neri",
      status: "publish",
      meta: { role: "Ceramicist", city: "Faenza" },
    });
    expect(designer.status).toBe(201);
    expect(designer.body.meta).toMatchObject({ role: "Ceramicist", city: "Faenza" });
    const product = await first("products", "en");
    expect(
      (await as("editor", "POST", `wp/v2/products/${product.id}`, { meta: { materials: "Biscuit porcelain" } })).status,
    ).toBe(200);
    expect((await as("editor", "POST", "wp/v2/product_categories", { name: "Lamps" })).status).toBe(201);
    // Menus too (WordPress alone keeps them for Administrators).
    expect(
      (
        await as("editor", "POST", "wp/v2/menu-items", {
          title: "Lamps",
          url: "/categories/lamps",
          menus: 30,
          status: "publish",
        })
      ).status,
    ).toBe(201);
    expect(
      (await as("author", "POST", "wp/v2/menu-items", { title: "Nope", url: "/", menus: 30, status: "publish" }))
        .status,
    ).toBe(403);
  });

  it("lets Authors write their own products only, and nothing else of the catalogue", async () => {
    const own = await as("author", "POST", "wp/v2/products", {
      title: "Author's cup",
      status: "publish",
      meta: { code: "FC-AUTH-1", year: 2026 },
    });
    expect(own.status).toBe(201);
    expect(
      (await as("author", "POST", `wp/v2/products/${own.body.id}`, { meta: { dimensions: "Ø 8 × H 9 cm" } })).status,
    ).toBe(200);
    // Someone else's product, and the other post types: refused.
    expect((await as("author2", "POST", `wp/v2/products/${own.body.id}`, { title: "Mine now" })).status).toBe(403);
    const demo = await first("products", "en");
    expect((await as("author", "POST", `wp/v2/products/${demo.id}`, { title: "Mine now" })).status).toBe(403);
    for (const type of ["designers", "collections", "exclusives", "projects", "imagemap_products"]) {
      expect(
        (await as("author", "POST", `wp/v2/${type}`, { title: "Not mine to write", status: "draft" })).status,
        type,
      ).toBe(403);
    }
    expect(
      (await as("author", "POST", "wp/v2/product_colors", { name: "Teal", meta: { hex: "#008080" } })).status,
    ).toBe(403);
  });

  it("lets the site's read-only account read published content only", async () => {
    const draft = await as("editor", "POST", "wp/v2/products", { title: "Secret draft", status: "draft" });
    expect(draft.status).toBe(201);
    expect((await as("reader", "GET", `wp/v2/products/${draft.body.id}`)).status).toBe(403);
    expect([400, 403]).toContain((await as("reader", "GET", "wp/v2/products?status=draft")).status);
    const list = await as("reader", "GET", "wp/v2/products?per_page=100&search=Secret");
    expect(list.body).toEqual([]);
    expect((await as("reader", "POST", "wp/v2/products", { title: "Nope" })).status).toBe(403);
    expect((await as("reader", "GET", `wp/v2/products/${(await first("products", "en")).id}`)).status).toBe(200);
  });
});

describe.skipIf(!enabled)("validation", () => {
  async function refused(route: string, body: unknown, message: RegExp): Promise<void> {
    const before = await as("editor", "GET", `${route}?context=edit`);
    const res = await as("editor", "POST", route, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toMatch(message);
    // Nothing of the refused request is stored.
    const after = await as("editor", "GET", `${route}?context=edit`);
    expect(after.body.meta).toEqual(before.body.meta);
    expect(after.body.title).toEqual(before.body.title);
  }

  it("refuses a relation to an item of the wrong type, naming the field and the item", async () => {
    const product = await first("products", "en");
    const collection = await first("collections", "en");
    await refused(
      `wp/v2/products/${product.id}`,
      { title: "Changed", meta: { designer: collection.id } },
      new RegExp(`^Designer: “${collection.title}” is a collection, not a designer\\.$`),
    );
    await refused(
      `wp/v2/products/${product.id}`,
      { meta: { related: [product.id + 100000] } },
      /^Related products: #\d+ is not a product\.$/,
    );
  });

  it("refuses a relation to an item in the other language", async () => {
    const product = await first("products", "en");
    const italian = await first("designers", "it");
    await refused(
      `wp/v2/products/${product.id}`,
      { meta: { designer: italian.id } },
      /^Designer: “.+” is in Italiano; choose the one in English\.$/,
    );
  });

  it("refuses a hotspot outside the image or without a product", async () => {
    const imagemap = await first("imagemap_products", "en");
    const product = await first("products", "en");
    await refused(
      `wp/v2/imagemap_products/${imagemap.id}`,
      {
        meta: {
          hotspots: [
            { product: product.id, x: 50, y: 50 },
            { product: product.id, x: 120, y: 40 },
          ],
        },
      },
      /^Hotspots: hotspot 2 is outside the image \(x must be between 0 and 100 %\)\.$/,
    );
    await refused(
      `wp/v2/imagemap_products/${imagemap.id}`,
      { meta: { hotspots: [{ product: 0, x: 10, y: 10 }] } },
      /^Hotspots: hotspot 1 has no product/,
    );
    const ok = await as("editor", "POST", `wp/v2/imagemap_products/${imagemap.id}`, {
      meta: { hotspots: [{ product: product.id, x: 12.5, y: 87.25 }] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.meta.hotspots).toEqual([{ product: product.id, x: 12.5, y: 87.25 }]);
  });

  it("refuses a product code another product has; a translation shares its product's code", async () => {
    const [a, b] = [await first("products", "en", 0), await first("products", "en", 1)];
    const code = (await as("editor", "GET", `wp/v2/products/${a.id}?context=edit`)).body.meta.code as string;
    expect(code).toMatch(/^FC-/);
    await refused(
      `wp/v2/products/${b.id}`,
      { meta: { code } },
      new RegExp(`^Code: ${code} is already the code of “${a.title}” \\(#${a.id}\\)\\.$`),
    );
    const italian = (await as("editor", "GET", `wp/v2/products/${a.id}`)).body.translations.it as number;
    expect((await as("editor", "POST", `wp/v2/products/${italian}`, { meta: { code } })).status).toBe(200);
  });

  it("refuses a colour hex that is not #RRGGBB", async () => {
    const color = await first("product_colors", "en");
    const res = await as("editor", "POST", `wp/v2/product_colors/${color.id}`, { meta: { hex: "red" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("rest_invalid_pattern");
    const ok = await as("editor", "POST", `wp/v2/product_colors/${color.id}`, { meta: { hex: "#1F4E79" } });
    expect(ok.body.meta.hex).toBe("#1F4E79");
  });
});

describe.skipIf(!enabled)("translations (Polylang)", () => {
  it("copies the language-neutral fields into a new translation, relations mapped to the Italian items", async () => {
    const product = await first("products", "en");
    const meta = (await as("editor", "GET", `wp/v2/products/${product.id}?context=edit`)).body.meta;
    const keys = await wp.php<string[]>(
      `return apply_filters('pll_copy_post_metas', [], false, ${product.id}, 0, 'it');`,
    );
    expect(keys.sort()).toEqual([
      "code",
      "collection",
      "designer",
      "dimensions",
      "exclusive",
      "gallery",
      "related",
      "year",
    ]);
    expect(keys).not.toContain("materials");
    const designerIt = (await as("editor", "GET", `wp/v2/designers/${meta.designer}`)).body.translations.it as number;
    expect(
      await wp.php<number>(
        `return apply_filters('pll_translate_post_meta', ${meta.designer}, 'designer', 'it', ${product.id}, 0);`,
      ),
    ).toBe(designerIt);
    const relatedIt = await wp.php<number[]>(
      `return apply_filters('pll_translate_post_meta', ${JSON.stringify(meta.related)}, 'related', 'it', ${product.id}, 0);`,
    );
    expect(relatedIt).toHaveLength(meta.related.length);
    for (const id of relatedIt) expect((await as("editor", "GET", `wp/v2/products/${id}`)).body.lang).toBe("it");
    expect(
      await wp.php<string[]>(
        "return apply_filters('pll_copy_term_metas', [], false, " +
          (await first("product_colors", "en")).id +
          ", 0, 'it');",
      ),
    ).toEqual(["hex"]);
  });
});

describe.skipIf(!enabled)("images a published item uses", () => {
  /** Images of the demo uploaded to a draft product, newest first (the library's first rows). */
  const draftImages = () =>
    wp.php<number[]>(
      `global $wpdb; return array_map('intval', $wpdb->get_col("SELECT a.ID FROM {$wpdb->posts} a JOIN {$wpdb->posts} p ON p.ID = a.post_parent WHERE a.post_type = 'attachment' AND p.post_status = 'draft' AND p.post_type = 'products' ORDER BY a.post_date DESC"));`,
    );
  const readable = async (ids: number[]) =>
    (
      (await as("reader", "GET", `wp/v2/media?include=${ids.join(",")}&per_page=100&_fields=id`)).body as {
        id: number;
      }[]
    )
      .map((m) => m.id)
      .sort();

  it("shows the site a gallery of images uploaded to drafts once the product is published, the first as its featured image", async () => {
    const [a, b, c] = await draftImages();
    expect(await readable([a!, b!, c!])).toEqual([]); // hidden, as WordPress hides a draft's attachments
    const product = await as("editor", "POST", "wp/v2/products", {
      title: "Gallery cup",
      status: "draft",
      meta: { code: "FC-GAL-1", gallery: [c, a, b] },
    });
    expect(product.status).toBe(201);
    expect(product.body.featured_media).toBe(c);
    expect(await readable([a!, b!, c!])).toEqual([]); // still a draft: nothing leaks
    expect((await as("editor", "POST", `wp/v2/products/${product.body.id}`, { status: "publish" })).status).toBe(200);
    expect(await readable([a!, b!, c!])).toEqual([a, b, c].sort());
    const seen = (await as("reader", "GET", `wp/v2/products/${product.body.id}`)).body;
    expect(seen.meta.gallery).toEqual([c, a, b]);
    expect(seen.featured_media).toBe(c);
  });

  it("does the same for a gallery saved on a published product, and for a category's image; the drafts stay hidden", async () => {
    const [d, e] = await draftImages();
    const draftParent = await wp.php<number>(`return wp_get_post_parent_id(${d});`);
    const product = await as("editor", "POST", "wp/v2/products", {
      title: "Gallery bowl",
      status: "publish",
      meta: { code: "FC-GAL-2", gallery: [d] },
    });
    expect(product.status).toBe(201);
    expect(await readable([d!])).toEqual([d]);
    const category = await as("editor", "POST", "wp/v2/product_categories", {
      name: "Gallery bowls",
      meta: { image: e },
    });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    expect(await readable([e!])).toEqual([e]);
    expect((await as("reader", "GET", `wp/v2/products/${draftParent}`)).status).toBe(403);
  });

  it("leaves an image attached to a published item where it is", async () => {
    const image = await wp.php<number>(
      `global $wpdb; return (int) $wpdb->get_var("SELECT a.ID FROM {$wpdb->posts} a JOIN {$wpdb->posts} p ON p.ID = a.post_parent WHERE a.post_type = 'attachment' AND p.post_status = 'publish' AND p.post_type = 'products' LIMIT 1");`,
    );
    const parent = await wp.php<number>(`return wp_get_post_parent_id(${image});`);
    expect(
      (
        await as("editor", "POST", "wp/v2/products", {
          title: "Gallery plate",
          status: "publish",
          meta: { code: "FC-GAL-3", gallery: [image] },
        })
      ).status,
    ).toBe(201);
    expect(await wp.php<number>(`return wp_get_post_parent_id(${image});`)).toBe(parent);
  });
});

describe.skipIf(!enabled)("what an Author may choose and attach", () => {
  it("lets an Author read every published designer, collection, exclusive and product, and choose them on their own product", async () => {
    const [designer, collection, exclusive, other] = [
      await first("designers", "en"),
      await first("collections", "en"),
      await first("exclusives", "en"),
      await first("products", "en"),
    ];
    // Read-only, what anyone may read: the editing screens search in REST's `view` context.
    for (const type of ["designers", "collections", "exclusives", "products"]) {
      const list = await as("author", "GET", `wp/v2/${type}?context=view&lang=en&per_page=5&_fields=id`);
      expect(list.status, type).toBe(200);
      expect(list.body.length, type).toBeGreaterThan(0);
    }
    const own = await as("author", "POST", "wp/v2/products", {
      title: "Author's bowl",
      status: "publish",
      meta: {
        code: "FC-AUTH-2",
        designer: designer.id,
        collection: collection.id,
        exclusive: exclusive.id,
        related: [other.id],
      },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.meta).toMatchObject({
      designer: designer.id,
      collection: collection.id,
      exclusive: exclusive.id,
      related: [other.id],
    });
  });

  it("names in a refusal only what the user may read: a private page, someone else's draft, a privacy request are “#id”, nothing more", async () => {
    const [secretPage, request] = await wp.php<
      [number, number]
    >(`$page = wp_insert_post(['post_type' => 'page', 'post_status' => 'private', 'post_title' => 'Board minutes: salaries']);
      return [$page, wp_create_user_request('requester@example.com', 'export_personal_data')];`);
    const draft = await as("editor", "POST", "wp/v2/products", {
      title: "Unannounced vase",
      status: "draft",
      meta: { code: "FC-SECRET-1" },
    });
    expect(draft.status).toBe(201);
    const tries: [unknown, string][] = [
      [{ designer: secretPage }, `Designer: #${secretPage} is not a designer.`],
      [{ related: [draft.body.id] }, `Related products: #${draft.body.id} is not a product.`],
      [{ collection: request }, `Collection: #${request} is not a collection.`],
      [{ code: "FC-SECRET-1" }, `Code: FC-SECRET-1 is already the code of product #${draft.body.id}.`],
    ];
    for (const [meta, message] of tries) {
      const res = await as("author", "POST", "wp/v2/products", { title: "Author's probe", status: "draft", meta });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // An Editor may read the private page: the refusal names it.
    const editor = await as("editor", "POST", "wp/v2/products", {
      title: "Editor's probe",
      status: "draft",
      meta: { designer: secretPage },
    });
    expect(editor.body.message).toBe(
      `Designer: “Board minutes: salaries” is an item of the kind “Page”, not a designer.`,
    );
  });

  it("refuses an Author an image attached to an item they cannot edit, as a gallery or featured image, and moves nothing", async () => {
    const [image] = await wp.php<number[]>(
      `global $wpdb; return array_map('intval', $wpdb->get_col("SELECT a.ID FROM {$wpdb->posts} a JOIN {$wpdb->posts} p ON p.ID = a.post_parent WHERE a.post_type = 'attachment' AND p.post_status = 'draft' AND p.post_type = 'products' ORDER BY a.ID DESC LIMIT 1"));`,
    );
    const parent = await wp.php<number>(`return wp_get_post_parent_id(${image});`);
    const refusal = `you may not use image #${image} here: it is attached to an item you cannot edit. Upload your own copy, or choose an image that is not attached to anything.`;
    const gallery = await as("author", "POST", "wp/v2/products", {
      title: "Borrowed gallery",
      status: "publish",
      meta: { code: "FC-AUTH-3", gallery: [image] },
    });
    expect(gallery.status, JSON.stringify(gallery.body)).toBe(400);
    expect(gallery.body.message).toBe(`Gallery: ${refusal}`);
    const featured = await as("author", "POST", "wp/v2/products", {
      title: "Borrowed cover",
      status: "publish",
      featured_media: image,
    });
    expect(featured.status, JSON.stringify(featured.body)).toBe(400);
    expect(featured.body.message).toBe(`Featured image: ${refusal}`);
    expect(await wp.php<number>(`return wp_get_post_parent_id(${image});`)).toBe(parent);
    expect((await as("reader", "GET", `wp/v2/media/${image}`)).status).not.toBe(200);
    // An image attached to nothing may be used by anyone.
    await wp.php(`return wp_update_post(['ID' => ${image}, 'post_parent' => 0]);`);
    const unattached = await as("author", "POST", "wp/v2/products", {
      title: "Own gallery",
      status: "publish",
      meta: { code: "FC-AUTH-4", gallery: [image] },
    });
    expect(unattached.status, JSON.stringify(unattached.body)).toBe(201);
    await wp.php(`return wp_update_post(['ID' => ${image}, 'post_parent' => ${parent}]);`);
  });
});

describe.skipIf(!enabled)("editing that never traps", () => {
  it("saves the other fields of a product whose designer went to the trash, and refuses choosing a trashed designer anew", async () => {
    const designer = await as("editor", "POST", "wp/v2/designers", { title: "Designer to trash", status: "publish" });
    const product = await as("editor", "POST", "wp/v2/products", {
      title: "Orphan vase",
      status: "publish",
      meta: { code: "FC-TRASH-1", designer: designer.body.id },
    });
    expect(product.status).toBe(201);
    expect((await as("editor", "DELETE", `wp/v2/designers/${designer.body.id}`)).status).toBe(200); // to the trash
    // The block editor sends every field back: the trashed designer with them.
    const meta = { ...product.body.meta, materials: "Porcelain" };
    const saved = await as("editor", "POST", `wp/v2/products/${product.body.id}`, { meta });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.meta.materials).toBe("Porcelain");
    const other = await as("editor", "POST", `wp/v2/products/${(await first("products", "en", 2)).id}`, {
      meta: { designer: designer.body.id },
    });
    expect(other.body.message).toBe(
      "Designer: “Designer to trash” is in the trash: restore it, or choose another item.",
    );
  });

  it("refuses a javascript: social link and an email that is not one, naming them, and stores nothing", async () => {
    const front = await wp.php<number>("return (int) get_option('page_on_front');");
    const before = (await as("editor", "GET", `wp/v2/pages/${front}?context=edit`)).body.meta.company;
    const social = [...before.social, { network: "Instagram", url: "javascript:alert(1)" }];
    const link = await as("editor", "POST", `wp/v2/pages/${front}`, { meta: { company: { ...before, social } } });
    expect(link.status).toBe(400);
    expect(link.body.message).toBe(
      `Company: social link ${social.length}, “javascript:alert(1)”, is not a web address: write it in full, starting with https://.`,
    );
    const email = await as("editor", "POST", `wp/v2/pages/${front}`, {
      meta: { company: { ...before, email: "info at fc" } },
    });
    expect(email.body.message).toBe("Company: “info at fc” is not an email address.");
    expect((await as("editor", "GET", `wp/v2/pages/${front}?context=edit`)).body.meta.company).toEqual(before);
  });

  it("answers the block editor's reads of the site's settings and post categories without a 403 for Editors and Authors, showing them no setting", async () => {
    for (const user of ["editor", "author"]) {
      const res = await as(user, "GET", "wp/v2/settings");
      expect(res.status, user).toBe(200);
      expect(res.body, user).toEqual({});
    }
    expect(Object.keys((await wp.rest("GET", "wp/v2/settings")).body)).toContain("page_on_front");
    // …and for its default post category, which an Author may read, not edit.
    expect((await as("author", "GET", "wp/v2/categories?context=edit")).status).toBe(200);
  });

  it("offers no View of their own for designers and imagemaps, which the site shows inside other pages", async () => {
    for (const type of ["designers", "imagemap_products"])
      expect((await wp.rest("GET", `wp/v2/types/${type}?context=edit`)).body.viewable, type).toBe(false);
    expect((await wp.rest("GET", "wp/v2/types/products?context=edit")).body.viewable).toBe(true);
  });
});

describe.skipIf(!enabled)("the company pages", () => {
  it("are offered as drafts on activation, with the slugs the site reads, in each language, linked as translations", async () => {
    await wp.php(`foreach (get_posts(['post_type' => 'page', 'post_status' => 'any', 'numberposts' => -1, 'post_name__in' => ['about', 'chi-siamo', 'manufacture', 'manifattura', 'funding', 'finanziamenti', 'prove', 'prove-it', 'contact', 'contatti', 'newsletter', 'newsletter-it'], 'lang' => '']) as $p) { wp_delete_post($p->ID, true); }
      deactivate_plugins('fc-catalogue/fc-catalogue.php'); return activate_plugin('fc-catalogue/fc-catalogue.php');`);
    const pages = await wp.php<
      { id: number; slug: string; status: string; lang: string; title: string; en: number }[]
    >(`return array_map(fn($p) => ['id' => $p->ID, 'slug' => $p->post_name, 'status' => $p->post_status, 'lang' => pll_get_post_language($p->ID), 'title' => $p->post_title, 'en' => (int) (pll_get_post_translations($p->ID)['en'] ?? 0)],
      get_posts(['post_type' => 'page', 'post_status' => 'any', 'numberposts' => -1, 'meta_key' => '_fc_catalogue_company_page', 'lang' => '', 'orderby' => 'ID', 'order' => 'ASC']));`);
    const bySlug = new Map(pages.map((p) => [p.slug, p]));
    const pairs = [
      ["about", "chi-siamo"],
      ["manufacture", "manifattura"],
      ["funding", "finanziamenti"],
      ["prove", "prove-it"],
      ["contact", "contatti"],
      ["newsletter", "newsletter-it"],
    ];
    expect([...bySlug.keys()].sort()).toEqual(pairs.flat().sort());
    for (const [en, it] of pairs) {
      expect(bySlug.get(en!)).toMatchObject({ status: "draft", lang: "en" });
      expect(bySlug.get(it!)).toMatchObject({ status: "draft", lang: "it", en: bySlug.get(en!)!.id });
    }
    expect(bySlug.get("contatti")!.title).toBe("Contatti");
    // Nothing is missing now: the Pages screen's notice has nothing to offer.
    expect(await wp.php<string[]>("return FC_Catalogue_Company_Pages::missing();")).toEqual([]);
  });
});

describe.skipIf(!enabled)("uninstalling fc-catalogue", () => {
  it("takes back the capabilities it granted and its options, and leaves the catalogue", async () => {
    const products = await wp.php<number>("return (int) wp_count_posts('products')->publish;");
    const caps = await wp.php<
      Record<string, boolean>
    >(`define('WP_UNINSTALL_PLUGIN', 'fc-catalogue/fc-catalogue.php'); include WP_PLUGIN_DIR . '/fc-catalogue/uninstall.php';
      $out = []; foreach (['administrator', 'editor'] as $r) { foreach (['edit_catalogue_items', 'publish_catalogue_items', 'edit_theme_options'] as $c) { $out["$r:$c"] = get_role($r)->has_cap($c); } }
      $out['option'] = false !== get_option('fc_catalogue_roles'); return $out;`);
    expect(caps).toEqual({
      "administrator:edit_catalogue_items": false,
      "administrator:publish_catalogue_items": false,
      "administrator:edit_theme_options": true,
      "editor:edit_catalogue_items": false,
      "editor:publish_catalogue_items": false,
      "editor:edit_theme_options": false,
      option: false,
    });
    expect(await wp.php<number>("return (int) wp_count_posts('products')->publish;")).toBe(products);
  });
});
