// Every piece of demo copy exists in both site languages; this is its shape.
import type { Lang } from "../../common/locale";

export type Bilingual = Record<Lang, string>;

export function bi(en: string, it: string): Bilingual {
  return { en, it };
}
