// Designers, collections and exclusives: lists and one by slug, editions with their designer.
import type { Designer, Edition, Lang } from "../../common/content";
import { type EditionRecord } from "./editorial-mappers";
import { indexByAnyLanguageId, isSlug, type ContentReads } from "./content-reads";

export function createEditionReads(reads: ContentReads) {
  const { listOf, bySlug, kinds, logger } = reads;

  function listDesigners(lang: Lang): Promise<Designer[]> {
    return listOf(kinds.designers, lang);
  }

  function editionRecords(kind: Edition["kind"], lang: Lang): Promise<EditionRecord[]> {
    return listOf(kinds[kind], lang);
  }

  async function withDesigners(records: EditionRecord[], lang: Lang): Promise<Edition[]> {
    const designers = records.some((r) => r.designerId)
      ? indexByAnyLanguageId(await listDesigners(lang))
      : new Map<number, Designer>();
    return records.map((r) => {
      const designer = r.designerId ? designers.get(r.designerId) : undefined;
      if (r.designerId && !designer)
        logger?.debug({ edition: r.edition.id, designer: r.designerId }, "designer of an edition not found");
      return {
        ...r.edition,
        designer: designer ? { id: designer.id, slug: designer.slug, name: designer.name } : null,
      };
    });
  }

  async function listEditions(kind: Edition["kind"], lang: Lang): Promise<Edition[]> {
    return withDesigners(await editionRecords(kind, lang), lang);
  }

  function editionRecordBySlug(kind: Edition["kind"], slug: string, lang: Lang) {
    return bySlug(kinds[kind], slug, lang);
  }

  async function getEdition(kind: Edition["kind"], slug: string, lang: Lang): Promise<Edition | null> {
    if (!isSlug(slug)) return null;
    const record = await editionRecordBySlug(kind, slug, lang);
    return record ? ((await withDesigners([record], lang))[0] ?? null) : null;
  }

  return { listDesigners, editionRecords, listEditions, editionRecordBySlug, getEdition };
}

export type EditionReads = ReturnType<typeof createEditionReads>;
