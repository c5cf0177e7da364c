// What the fc-headless plugin adds to WordPress's REST API: the current slug of a renamed item
// (old slugs) and previews of drafts on links WordPress signed.
import { z } from "zod";
import type { Lang, PreviewItem, PreviewType } from "../../common/content";
import { listTags } from "./cache-keys";
import type { ContentReads, ContentServiceOptions } from "./content-reads";
import { isSlug } from "./content-reads";
import { mapPage } from "./editorial-mappers";
import { mapProductRecord } from "./mappers";
import type { ProductReads } from "./products";
import { parseWp, wpPage, wpProduct } from "./schemas";
import { isWordPressError } from "./wordpress-client";
import { notFoundAsNull } from "./wordpress-reads";

export function createPluginReads(
  options: ContentServiceOptions,
  { load, ctx }: Pick<ContentReads, "load" | "ctx">,
  { completeProduct }: ProductReads,
) {
  /**
   * The current slug of an item renamed in WordPress: the plugin keeps `_wp_old_slug` and answers
   * `?old_slug=`. Exactly one match counts (a WordPress without the plugin ignores the parameter
   * and answers the whole list, which then redirects nowhere).
   */
  function resolveOldSlug(
    kind: "product_categories" | "collections" | "exclusives",
    slug: string,
    lang: Lang,
  ): Promise<string | null> {
    if (!isSlug(slug)) return Promise.resolve(null);
    return load({
      resource: kind,
      id: "list",
      route: `wp/v2/${kind}`,
      params: { old_slug: slug, lang, _fields: "id,slug" },
      policy: "notFound",
      tags: listTags(kind),
      read: (response) => {
        const items = z.array(z.object({ id: z.number(), slug: z.string() })).safeParse(response.data);
        return items.success && items.data.length === 1 && items.data[0]!.slug !== slug ? items.data[0]!.slug : null;
      },
      recover: notFoundAsNull,
    });
  }

  /**
   * A draft (or the latest autosave) on a link signed by WordPress; never cached. Null when
   * WordPress has no such item; a WordPressError (401/403) when the signature is refused.
   */
  async function getPreview(
    type: PreviewType,
    id: number,
    signature: { exp: string; sig: string },
  ): Promise<PreviewItem | null> {
    try {
      const response = await options.client.get(
        `fc-headless/v1/preview/${type}/${id}`,
        { exp: signature.exp, sig: signature.sig, _embed: true },
        { requestId: options.requestId?.() },
      );
      // A draft has no slug until it is published; the site's schemas want one.
      const raw = response.data as { slug?: unknown };
      if (raw && typeof raw === "object" && !raw.slug) raw.slug = `preview-${id}`;
      if (type === "products") {
        const product = parseWp(wpProduct, response.data, response.endpoint, response.status);
        const record = mapProductRecord(product, ctx);
        return { kind: "product", product: await completeProduct(record, record.product.lang) };
      }
      const post = parseWp(wpPage.passthrough(), response.data, response.endpoint, response.status);
      return { kind: "page", type, page: mapPage(post, ctx) };
    } catch (error) {
      if (isWordPressError(error) && error.status === 404) return null;
      throw error;
    }
  }

  return { resolveOldSlug, getPreview };
}
