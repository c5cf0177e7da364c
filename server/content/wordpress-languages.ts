// Which languages WordPress serves, asked of it: the fc-headless plugin publishes its languages in
// the REST index (`fc_headless.languages`); without the plugin, a probe: pages asked with
// `lang=it` must come back in Italian (a WordPress without Polylang answers 400).
import { DEFAULT_LANG, LANGS, type Lang } from "../../common/locale";
import { isWordPressError, type WordPressClient } from "./wordpress-client";

/** The plugin's list in the REST index, or undefined without the plugin. */
async function fromIndex(client: WordPressClient): Promise<Lang[] | undefined> {
  const index = await client.get<{ fc_headless?: { languages?: unknown } }>("");
  const listed = index.data?.fc_headless?.languages;
  if (!Array.isArray(listed)) return undefined;
  return LANGS.filter((l) => l === DEFAULT_LANG || listed.includes(l));
}

/** Without the plugin: a language is served when its pages come back in that language. */
async function probe(client: WordPressClient, lang: Lang): Promise<boolean> {
  try {
    const res = await client.get<{ lang?: unknown }[]>("wp/v2/pages", { lang, per_page: 5, _fields: ["id", "lang"] });
    return Array.isArray(res.data) && res.data.length > 0 && res.data.every((p) => p.lang === lang);
  } catch (error) {
    if (isWordPressError(error) && error.status === 400) return false;
    throw error;
  }
}

/** What WordPress serves now: the plugin's list, else the probe's. */
export async function askWordPress(
  client: WordPressClient,
): Promise<{ languages: Lang[]; source: "wordpress" | "probe" }> {
  const listed = await fromIndex(client);
  if (listed) return { languages: listed, source: "wordpress" };
  const others = LANGS.filter((l) => l !== DEFAULT_LANG);
  const answers = await Promise.all(others.map((lang) => probe(client, lang)));
  return { languages: [DEFAULT_LANG, ...others.filter((_, i) => answers[i])], source: "probe" };
}
