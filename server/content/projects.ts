// Projects and imagemaps: a room scene with its hotspot products, in a language.
import type { Imagemap, Lang, ProductSummary, Project } from "../../common/content";
import { mapImagemapRecord, type ImagemapRecord, type ProjectRecord } from "./editorial-mappers";
import { wpImagemap } from "./schemas";
import { tagPost, uniqueIds } from "./wordpress-reads";
import type { ProductReads } from "./products";
import { indexByAnyLanguageId, type ContentReads } from "./content-reads";

export function createProjectReads(reads: ContentReads, products: ProductReads) {
  const { listOf, byIds, ctx, kinds, imagesByIds } = reads;
  const { summariesByIds } = products;

  function projectRecords(lang: Lang): Promise<ProjectRecord[]> {
    return listOf(kinds.projects, lang);
  }

  function imagemapRecords(ids: readonly number[]): Promise<ImagemapRecord[]> {
    return byIds(
      "imagemap_products",
      wpImagemap,
      ids,
      (post, tags) => {
        tagPost(tags, "imagemap_products", post);
        return mapImagemapRecord(post, ctx);
      },
      { _embed: true },
    );
  }

  /** Imagemaps by id with their room scene and hotspot products, in `lang`. */
  async function imagemapsByIds(ids: readonly number[], lang: Lang): Promise<Map<number, Imagemap>> {
    const records = await imagemapRecords(ids);
    const [images, products] = await Promise.all([
      imagesByIds(records.map((r) => r.imageId)),
      summariesByIds(
        records.flatMap((r) => r.hotspots.map((h) => h.productId)),
        lang,
      ),
    ]);
    const productIndex = indexByAnyLanguageId(products);
    return new Map(
      records.map((r) => [
        r.id,
        {
          id: r.id,
          title: r.title,
          image: images.get(r.imageId) ?? r.featured,
          hotspots: r.hotspots.flatMap((h) => {
            const product = productIndex.get(h.productId);
            return product ? [{ x: h.x, y: h.y, product }] : [];
          }),
        },
      ]),
    );
  }

  async function listProjects(lang: Lang): Promise<Project[]> {
    const records = await projectRecords(lang);
    const [imagemaps, products] = await Promise.all([
      imagemapsByIds(
        records.map((r) => r.imagemapId),
        lang,
      ),
      summariesByIds(
        records.flatMap((r) => r.productIds),
        lang,
      ),
    ]);
    const productIndex = indexByAnyLanguageId(products);
    return records.map((r) => ({
      ...r.project,
      imagemap: imagemaps.get(r.imagemapId) ?? null,
      products: uniqueIds(r.productIds)
        .map((id) => productIndex.get(id))
        .filter((p): p is ProductSummary => p !== undefined)
        .filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i),
    }));
  }

  return { imagemapsByIds, listProjects };
}

export type ProjectReads = ReturnType<typeof createProjectReads>;
