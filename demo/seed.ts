// Publishes the demo site's content the way FC's editors would have: company pages first, then
// designers, collections and products year by year, each with its photographs, then the Italian
// translations a few days later (Polylang: every translation is its own post with its own id and
// slug). Ids follow the order of publication, so everything is written first and numbered after.
import { Random, hashSeed } from "./random";
import { addDays, addMinutes } from "./dates";
import type { Artwork, FormRecipe, Motif } from "./artwork/recipes";
import { FULL_SIZE, aspectOf } from "./artwork/recipes";
import { roomHotspots } from "./artwork/scenes";
import { vesselAspect, vesselShape } from "./artwork/forms";
import {
  LANGS,
  type Lang,
  type MenuItemRecord,
  type MenuRecord,
  type PostRecord,
  type PostRestBase,
  type TermRecord,
  type UserRecord,
} from "./model";
import type { Bilingual } from "./copy/bilingual";
import { CATEGORIES, COLOURS, category, colour, type ColourKey } from "./copy/taxonomy";
import { form as formCopy } from "./copy/forms";
import { DRAFTS, LINEUP, series as seriesCopy, type LineupEntry } from "./copy/series";
import type { SeriesKey } from "./copy/keys";
import { COLLECTIONS, DESIGNERS, EXCLUSIVES, IMAGEMAPS, PROJECTS, type ProductRef } from "./copy/editions";
import { COMPANY, MENUS, PAGES, TAGLINE, type MenuEntryCopy, type PageArt } from "./copy/company-pages";

export interface SeededSite {
  posts: PostRecord[];
  terms: TermRecord[];
  menus: MenuRecord[];
  users: UserRecord[];
  frontPage: Record<Lang, number>;
  nextPostId: number;
  nextTermId: number;
}

/** First ids: WordPress's own sample content took the posts before, Polylang's language terms the terms. */
const FIRST_POST_ID = 5;
const FIRST_TERM_ID = 6;
const EDITOR = 1;

const MOTIFS: Record<SeriesKey, Motif> = {
  onda: "waves",
  riva: "lines",
  conchiglia: "shells",
  vela: "none",
  brina: "none",
  nuvola: "none",
  goccia: "drops",
  arco: "arches",
  cupola: "domes",
  tamburo: "bands",
  fuso: "none",
  corolla: "petals",
  seme: "dots",
  giunco: "reeds",
  ninfea: "leaves",
  loggia: "arches",
  aurea: "brush",
  pietra: "none",
  sera: "none",
  alba: "bands",
};

type Resolve = (key: string) => number;
type PostInit = Omit<PostRecord, "id" | "translations" | "date" | "modified" | "base" | "lang"> & { modified?: string };

interface PostDraft {
  key: string;
  base: PostRestBase;
  lang: Lang;
  date: string;
  order: number;
  make: (id: Resolve) => PostInit;
}

interface MenuItemDraft {
  key: string;
  date: string;
  order: number;
  make: (id: Resolve) => Omit<MenuItemRecord, "id" | "date">;
  menu: string;
}

/** Collects drafts, numbers them in publication order, then resolves cross-references. */
class Newsroom {
  private readonly drafts: PostDraft[] = [];
  private readonly menuItems: MenuItemDraft[] = [];
  private readonly pairs: [string, string][] = [];
  private order = 0;

  post(key: string, base: PostRestBase, lang: Lang, date: string, make: (id: Resolve) => PostInit): void {
    this.drafts.push({ key, base, lang, date, order: this.order++, make });
  }

  menuItem(key: string, menu: string, date: string, make: MenuItemDraft["make"]): void {
    this.menuItems.push({ key, menu, date, order: this.order++, make });
  }

  translations(en: string, it: string): void {
    this.pairs.push([en, it]);
  }

  publish(): {
    posts: PostRecord[];
    menuItems: Map<string, MenuItemRecord[]>;
    ids: Map<string, number>;
    nextId: number;
  } {
    const all = [
      ...this.drafts.map((d) => ({ key: d.key, date: d.date, order: d.order })),
      ...this.menuItems.map((d) => ({ key: d.key, date: d.date, order: d.order })),
    ].sort((a, b) => (a.date === b.date ? a.order - b.order : a.date < b.date ? -1 : 1));
    const ids = new Map<string, number>();
    // Every post gets its own minute: two drafts written at the same time are published one after the other.
    const dates = new Map<string, string>();
    let next = FIRST_POST_ID;
    let previous = "";
    for (const { key, date } of all) {
      if (ids.has(key)) throw new Error(`duplicate draft ${key}`);
      ids.set(key, next++);
      const distinct = date > previous ? date : addMinutes(previous, 1);
      dates.set(key, distinct);
      previous = distinct;
    }
    const resolve: Resolve = (key) => {
      const id = ids.get(key);
      if (id === undefined) throw new Error(`unknown reference ${key}`);
      return id;
    };
    const byKey = new Map<string, PostRecord>();
    const posts = this.drafts.map((d) => {
      const init = d.make(resolve);
      const date = dates.get(d.key) ?? d.date;
      const record: PostRecord = {
        ...init,
        id: resolve(d.key),
        base: d.base,
        lang: d.lang,
        date,
        modified: init.modified && init.modified > date ? init.modified : date,
        translations: { [d.lang]: resolve(d.key) },
      };
      byKey.set(d.key, record);
      return record;
    });
    for (const [en, it] of this.pairs) {
      const a = byKey.get(en);
      const b = byKey.get(it);
      if (!a || !b) throw new Error(`translation pair ${en} / ${it} is missing a side`);
      const translations = { en: a.id, it: b.id };
      a.translations = translations;
      b.translations = { ...translations };
    }
    const menuItems = new Map<string, MenuItemRecord[]>();
    for (const d of this.menuItems) {
      const list = menuItems.get(d.menu) ?? [];
      list.push({ ...d.make(resolve), id: resolve(d.key), date: dates.get(d.key) ?? d.date });
      menuItems.set(d.menu, list);
    }
    posts.sort((a, b) => a.id - b.id);
    return { posts, menuItems, ids, nextId: next };
  }
}

/** WordPress's sanitize_title, for the names used here (accents dropped, apostrophes removed). */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function roman(value: number): string {
  const table: [number, string][] = [
    [10, "X"],
    [9, "IX"],
    [5, "V"],
    [4, "IV"],
    [1, "I"],
  ];
  let rest = value;
  let out = "";
  for (const [n, s] of table) {
    while (rest >= n) {
      out += s;
      rest -= n;
    }
  }
  return out;
}

function sentenceCase(text: string): string {
  const lower = text.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

function uploadPath(date: string, file: string): string {
  return `${date.slice(0, 4)}/${date.slice(5, 7)}/${file}`;
}

const GLAZE_NAME: Record<ColourKey, Bilingual> = {
  white: { en: "clear glaze", it: "cristallina" },
  celadon: { en: "celadon glaze", it: "smalto celadon" },
  ink: { en: "ink-black glaze", it: "smalto nero inchiostro" },
  sand: { en: "sand glaze", it: "smalto sabbia" },
  gold: { en: "gold lustre", it: "lustro oro" },
  blush: { en: "blush glaze", it: "smalto cipria" },
};

/** One product of the catalogue, with everything derived from its line-up entry. */
interface ProductPlan {
  index: number;
  entry: LineupEntry;
  edition: number;
  key: string;
  status: "publish" | "draft";
  name: Bilingual;
  slug: Bilingual;
  code: string;
  date: Record<Lang, string>;
  recipe: FormRecipe;
  alternate: FormRecipe | null;
  dimensions: string;
  year: number;
}

function recipeFor(entry: LineupEntry, seed: number, colourKey: ColourKey): FormRecipe {
  const glaze = colour(colourKey);
  const gold = entry.colours.includes("gold") && colourKey !== "gold" ? colour("gold").hex : null;
  return { kind: entry.form, seed, glaze: glaze.hex, finish: glaze.finish, accent: gold, motif: MOTIFS[entry.series] };
}

function dimensionsOf(recipe: FormRecipe, rnd: Random): string {
  const round = (v: number) => Math.max(1, Math.round(v));
  switch (recipe.kind) {
    case "plate":
      return `Ø ${rnd.int(21, 28)} cm`;
    case "charger":
      return `Ø ${rnd.int(31, 34)} cm`;
    case "relief":
      return `${rnd.int(5, 9) * 10} × ${rnd.int(6, 10) * 10} cm`;
    case "panel":
      return `${rnd.int(10, 14) * 10} × ${rnd.int(6, 9) * 10} cm`;
    case "lamp": {
      const h = rnd.int(40, 58);
      return `Ø ${round(h * rnd.range(0.5, 0.62))} × H ${h} cm`;
    }
    case "pendant":
      return `Ø ${rnd.int(28, 42)} × H ${rnd.int(20, 30)} cm`;
    case "centerpiece": {
      const h = rnd.int(7, 11);
      const shape = vesselShape(recipe);
      const length = round(h * vesselAspect(shape));
      return `${length} × ${round(length / shape.stretch)} × H ${h} cm`;
    }
    default: {
      const h = recipe.kind === "bowl" ? rnd.int(7, 12) : recipe.kind === "stand" ? rnd.int(12, 18) : rnd.int(22, 42);
      return `Ø ${round(h * vesselAspect(vesselShape(recipe)))} × H ${h} cm`;
    }
  }
}

function planProducts(scale: number): ProductPlan[] {
  const plans: ProductPlan[] = [];
  const codeCounters = new Map<string, number>();
  const perSeries = new Map<SeriesKey, number>();
  const entries: { entry: LineupEntry; edition: number; status: "publish" | "draft" }[] = [];
  for (let i = 0; i < LINEUP.length * scale; i++) {
    entries.push({
      entry: LINEUP[i % LINEUP.length] as LineupEntry,
      edition: Math.floor(i / LINEUP.length),
      status: "publish",
    });
  }
  for (const entry of DRAFTS) entries.push({ entry, edition: 0, status: "draft" });

  entries.forEach(({ entry, edition, status }, index) => {
    const s = seriesCopy(entry.series);
    const f = formCopy(entry.form);
    const cat = category(f.category);
    const rnd = new Random(`product:${index}:${entry.series}:${entry.form}`);
    const suffix = edition > 0 ? ` ${roman(edition + 1)}` : "";
    const name = { en: `${s.name} ${f.nameNoun.en}${suffix}`, it: `${f.nameNoun.it} ${s.name}${suffix}` };
    const count = (codeCounters.get(cat.codeLetter) ?? 0) + 1;
    codeCounters.set(cat.codeLetter, count);
    // A series launches in a spring month; its products follow a few weeks apart, editions later.
    const nth = perSeries.get(entry.series) ?? 0;
    perSeries.set(entry.series, nth + 1);
    const launch = `${s.year}-0${3 + (hashSeed(entry.series) % 4)}-${String(3 + (hashSeed(entry.series) % 20)).padStart(2, "0")}T09:00:00`;
    let en = addMinutes(addDays(launch, nth * 19 + edition * 7), rnd.int(0, 9 * 60) + index);
    if (status === "draft") en = addMinutes("2025-05-26T10:00:00", index);
    if (en > "2025-06-20T18:00:00") en = addMinutes("2025-06-20T08:00:00", index * 3);
    const it = addMinutes(addDays(en, rnd.int(2, 6)), rnd.int(10, 300));
    const seed = hashSeed(`form:${index}:${entry.series}:${entry.form}`);
    const first = entry.colours[0] as ColourKey;
    const recipe = recipeFor(entry, seed, first);
    const second = entry.colours.find((c) => c !== first && c !== "gold");
    const alternate =
      second && first !== "gold" ? recipeFor(entry, seed, second) : second ? recipeFor(entry, seed, second) : null;
    plans.push({
      index,
      entry,
      edition,
      key: `product:${index}`,
      status,
      name,
      slug: { en: slugify(name.en), it: slugify(name.it) },
      code: `FC-${cat.codeLetter}${String(count).padStart(3, "0")}`,
      date: { en, it },
      recipe,
      alternate,
      dimensions: dimensionsOf(recipe, rnd),
      year: Number(en.slice(0, 4)),
    });
  });
  return plans;
}

/** The alt text and title of each of a product's three photographs. */
function productPhotoCopy(plan: ProductPlan, view: 0 | 1 | 2, lang: Lang): { alt: string; title: string } {
  const f = formCopy(plan.entry.form);
  const name = plan.name[lang];
  const colours = plan.entry.colours.map((c) => colour(c).inText[lang]);
  const s = seriesCopy(plan.entry.series);
  const [c1, c2] = colours;
  if (view === 0) {
    // Gold on another glaze is a rim or band; a gold piece's second colour is another version.
    const goldAccent = plan.entry.colours.includes("gold") && plan.entry.colours[0] !== "gold";
    const glaze = goldAccent ? `${c1} ${lang === "en" ? "with" : "con"} ${c2}` : c1;
    return lang === "en"
      ? { alt: `${name} in ${glaze}: ${f.picture.en}, on a bone-coloured ground.`, title: name }
      : { alt: `${name} in ${glaze}: ${f.picture.it}, su fondo color osso.`, title: name };
  }
  if (view === 1) {
    return lang === "en"
      ? {
          alt: `Detail of the ${s.name} ${f.nameNoun.en.toLowerCase()}: ${f.detail.en} in ${c1}.`,
          title: `${name} – detail`,
        }
      : { alt: `Dettaglio ${f.itOf} ${s.name}: ${f.detail.it}, in ${c1}.`, title: `${name} – dettaglio` };
  }
  if (f.key === "relief" || f.key === "panel") {
    return lang === "en"
      ? { alt: `${name} on the wall, above a shelf with a small vase.`, title: `${name} – in context` }
      : { alt: `${name} alla parete, sopra una mensola con un piccolo vaso.`, title: `${name} – ambientazione` };
  }
  if (plan.alternate && c2) {
    return lang === "en"
      ? { alt: `${name} in ${c1} and in ${c2}, the two versions side by side.`, title: `${name} – in context` }
      : { alt: `${name} in ${c1} e in ${c2}: le due versioni a confronto.`, title: `${name} – ambientazione` };
  }
  return lang === "en"
    ? { alt: `${name} in another light, beside a smaller piece in the same glaze.`, title: `${name} – in context` }
    : {
        alt: `${name} in un'altra luce, accanto a un pezzo più piccolo nello stesso smalto.`,
        title: `${name} – ambientazione`,
      };
}

/** What the sections of the seed share while they write: the newsroom, the terms, the products planned. */
interface Seeding {
  room: Newsroom;
  terms: TermRecord[];
  termIds: Map<string, number>;
  nextTermId: number;
  plans: ProductPlan[];
}

type MediaCopy = Record<Lang, { alt: string; title: string; caption?: string }>;

/** A term in both languages (its own id in each, linked as translations). */
function addTermPair(
  seeding: Seeding,
  taxonomy: TermRecord["taxonomy"],
  key: string,
  make: (lang: Lang) => Omit<TermRecord, "id" | "taxonomy" | "lang" | "translations">,
): void {
  const en = seeding.nextTermId++;
  const it = seeding.nextTermId++;
  seeding.termIds.set(`${taxonomy}:${key}:en`, en);
  seeding.termIds.set(`${taxonomy}:${key}:it`, it);
  for (const lang of LANGS) {
    seeding.terms.push({ ...make(lang), id: lang === "en" ? en : it, taxonomy, lang, translations: { en, it } });
  }
}

function termId(seeding: Seeding, taxonomy: string, key: string, lang: Lang): number {
  const id = seeding.termIds.get(`${taxonomy}:${key}:${lang}`);
  if (id === undefined) throw new Error(`unknown term ${taxonomy}:${key}`);
  return id;
}

/** An attachment, once per language (Polylang translated media): own id, own alt text, same file. */
function addMedia(
  room: Newsroom,
  key: string,
  dates: Record<Lang, string>,
  file: string,
  artwork: Artwork,
  copy: MediaCopy,
  parent: Record<Lang, string | null>,
): void {
  const size = FULL_SIZE[aspectOf(artwork)];
  const base = file.replace(/\.webp$/, "");
  for (const lang of LANGS) {
    room.post(`${key}:${lang}`, "media", lang, dates[lang], (id) => ({
      slug: lang === "en" ? base : `${base}-it`,
      status: "inherit",
      author: EDITOR,
      parent: parent[lang] ? id(parent[lang]) : 0,
      menuOrder: 0,
      title: copy[lang].title,
      content: "",
      excerpt: copy[lang].caption ?? "",
      password: "",
      featuredMedia: 0,
      template: "",
      meta: {},
      terms: {},
      attachment: {
        file: uploadPath(dates.en, file),
        width: size.width,
        height: size.height,
        mimeType: "image/webp",
        alt: copy[lang].alt,
        caption: copy[lang].caption ?? "",
        artwork,
      },
    }));
  }
  room.translations(`${key}:en`, `${key}:it`);
}

/** A post in both languages, linked as translations; `key` names it as `${key}:${lang}`. */
function addPostPair(
  room: Newsroom,
  key: string,
  base: PostRestBase,
  dates: Record<Lang, string>,
  make: (lang: Lang, id: Resolve) => PostInit,
): void {
  for (const lang of LANGS) room.post(`${key}:${lang}`, base, lang, dates[lang], (id) => make(lang, id));
  room.translations(`${key}:en`, `${key}:it`);
}

/** A group photograph's copy: the same words around the piece's or group's name in each language. */
function groupCopy(title: Bilingual, alt: Bilingual): MediaCopy {
  return { en: { title: title.en, alt: alt.en }, it: { title: title.it, alt: alt.it } };
}

// ——— Taxonomies (created when the site was set up) ———————————————————————————
function seedTaxonomies(seeding: Seeding): void {
  const categoryArtSeed = (k: string) => hashSeed(`category:${k}`);
  for (const cat of CATEGORIES) {
    const forms = LINEUP.filter((e) => formCopy(e.form).category === cat.key)
      .slice(0, 3)
      .map((e, i) => recipeFor(e, categoryArtSeed(cat.key) + i, e.colours[0] as ColourKey));
    const mediaKey = `media:category:${cat.key}`;
    const date = {
      en: addMinutes("2021-01-14T16:00:00", seeding.terms.length),
      it: addMinutes("2021-01-14T16:30:00", seeding.terms.length),
    };
    addMedia(
      seeding.room,
      mediaKey,
      date,
      `fc-category-${cat.slug.en}.webp`,
      { scene: "group", aspect: "portrait", seed: categoryArtSeed(cat.key), forms },
      groupCopy(cat.name, {
        en: `${cat.name.en} by FC: ${forms.length} porcelain pieces together on a bone-coloured ground.`,
        it: `${cat.name.it} di FC: ${forms.length} pezzi in porcellana insieme su fondo color osso.`,
      }),
      { en: null, it: null },
    );
    addTermPair(seeding, "product_categories", cat.key, (lang) => ({
      slug: cat.slug[lang],
      name: cat.name[lang],
      description: cat.description[lang],
      parent: 0,
      meta: { image: 0, __mediaKey: `${mediaKey}:${lang}` },
    }));
  }
  for (const c of COLOURS) {
    addTermPair(seeding, "product_colors", c.key, (lang) => ({
      slug: c.slug[lang],
      name: c.name[lang],
      description: c.description[lang],
      parent: 0,
      meta: { hex: c.hex },
    }));
  }
}

// ——— Company pages ———————————————————————————————————————————————————————————
function pageArt(art: PageArt, seed: number): Artwork {
  const glazes = COLOURS.map((c) => c.hex);
  switch (art) {
    case "hero":
      return {
        scene: "hero",
        seed,
        form: {
          kind: "vase",
          seed,
          glaze: colour("white").hex,
          finish: "gloss",
          accent: null,
          motif: "none",
          silhouette: "shouldered",
        },
      };
    case "studio":
      return { scene: "studio", seed, glazes: glazes.filter((g) => g !== colour("gold").hex) };
    default:
      return { scene: art, seed, glazes };
  }
}

/** When a company page's Italian translation went up: the next day, an hour and a half later (menus follow it). */
function italianPageDate(date: string): string {
  return addMinutes(addDays(date, 1), 95);
}

function seedPages({ room }: Seeding): void {
  for (const page of PAGES) {
    const itDate = italianPageDate(page.date);
    const dates = { en: page.date, it: itDate };
    const hasFigure = page.content.en.includes("{{figure}}") || page.key === "home";
    const mediaKey = `media:page:${page.key}`;
    if (hasFigure) {
      addMedia(
        room,
        mediaKey,
        { en: addMinutes(page.date, -12), it: addMinutes(itDate, -7) },
        `fc-${page.key}-${page.art}.webp`,
        pageArt(page.art, hashSeed(`page:${page.key}`)),
        {
          en: { title: page.title.en, alt: page.figureAlt.en, caption: page.figureCaption.en },
          it: { title: page.title.it, alt: page.figureAlt.it, caption: page.figureCaption.it },
        },
        { en: `page:${page.key}:en`, it: `page:${page.key}:it` },
      );
    }
    addPostPair(room, `page:${page.key}`, "pages", dates, (lang, id) => ({
      slug: page.slug[lang],
      status: "publish",
      author: EDITOR,
      parent: 0,
      menuOrder: page.menuOrder,
      title: page.title[lang],
      content: page.content[lang].replace("{{figure}}", hasFigure ? `{{figure:${id(`${mediaKey}:${lang}`)}}}` : ""),
      excerpt: page.excerpt[lang],
      password: page.password ?? "",
      featuredMedia: hasFigure ? id(`${mediaKey}:${lang}`) : 0,
      template: "",
      meta: page.key === "home" ? frontPageMeta(lang, id) : emptyPageMeta(),
      terms: {},
      modified:
        page.key === "home" ? addDays(dates[lang], 1600) : addDays(dates[lang], 30 + (hashSeed(page.key) % 200)),
    }));
  }
}

// ——— Designers, collections, exclusives ————————————————————————————————————
function seedDesigners({ room }: Seeding): void {
  for (const d of DESIGNERS) {
    const itDate = addMinutes(addDays(d.since, 2), 40);
    const mediaKey = `media:designer:${d.key}`;
    const ground = d.key === "marco" ? { en: "grey", it: "grigio" } : { en: "warm", it: "caldo" };
    addMedia(
      room,
      mediaKey,
      { en: addMinutes(d.since, -20), it: addMinutes(itDate, -5) },
      `fc-designer-${d.slug.en}.webp`,
      { scene: "portrait", tool: d.tool, tint: d.tint, seed: hashSeed(d.key) },
      groupCopy(
        { en: d.name, it: d.name },
        {
          en: `A ${toolName(d.tool).en} on a ${ground.en} ground: the portrait of ${d.name}.`,
          it: `${toolName(d.tool).it} su fondo ${ground.it}: il ritratto di ${d.name}.`,
        },
      ),
      { en: `designer:${d.key}:en`, it: `designer:${d.key}:it` },
    );
    addPostPair(room, `designer:${d.key}`, "designers", { en: d.since, it: itDate }, (lang, id) => ({
      ...basePost(d.slug[lang], d.name, d.bio[lang], d.excerpt[lang]),
      featuredMedia: id(`${mediaKey}:${lang}`),
      meta: { role: d.role[lang], city: d.city[lang] },
    }));
  }
}

/** The first editions of the published products of a series that `belongs`. */
function firstEditions(plans: ProductPlan[], belongs: (series: ReturnType<typeof seriesCopy>) => boolean) {
  return plans.filter((p) => p.edition === 0 && p.status === "publish" && belongs(seriesCopy(p.entry.series)));
}

function seedCollections({ room, plans }: Seeding): void {
  for (const c of COLLECTIONS) {
    const date = `${c.year}-0${1 + (hashSeed(c.key) % 2)}-2${hashSeed(c.key) % 8}T11:00:00`;
    const itDate = addMinutes(addDays(date, 3), 75);
    const forms = firstEditions(plans, (s) => s.collection === c.key)
      .slice(0, 4)
      .map((p) => p.recipe);
    const mediaKey = `media:collection:${c.key}`;
    addMedia(
      room,
      mediaKey,
      { en: addMinutes(date, -15), it: addMinutes(itDate, -4) },
      `fc-collection-${c.slug.en}.webp`,
      { scene: "group", aspect: "landscape", seed: hashSeed(c.key), forms },
      groupCopy(
        { en: c.name, it: c.name },
        {
          en: `Pieces from the ${c.name} collection together on a bone-coloured ground.`,
          it: `Pezzi della collezione ${c.name} insieme su fondo color osso.`,
        },
      ),
      { en: `collection:${c.key}:en`, it: `collection:${c.key}:it` },
    );
    addPostPair(room, `collection:${c.key}`, "collections", { en: date, it: itDate }, (lang, id) => ({
      ...basePost(c.slug[lang], c.name, c.intro[lang], c.excerpt[lang]),
      featuredMedia: id(`${mediaKey}:${lang}`),
      meta: { subtitle: c.subtitle[lang], designer: id(`designer:${c.designer}:${lang}`), year: c.year },
    }));
  }
}

function seedExclusives({ room, plans }: Seeding): void {
  for (const x of EXCLUSIVES) {
    const date = `${x.year}-0${1 + (hashSeed(x.key) % 2)}-1${hashSeed(x.key) % 9}T15:30:00`;
    const itDate = addMinutes(addDays(date, 2), 50);
    const forms = firstEditions(plans, (s) => s.exclusive === x.key).map((p) => p.recipe);
    const mediaKey = `media:exclusive:${x.key}`;
    addMedia(
      room,
      mediaKey,
      { en: addMinutes(date, -25), it: addMinutes(itDate, -6) },
      `fc-exclusive-${x.slug.en}.webp`,
      { scene: "group", aspect: "landscape", seed: hashSeed(x.key), forms },
      groupCopy(
        { en: x.name, it: x.name },
        {
          en: `The ${x.name} edition for ${x.partner.en}: porcelain pieces together on a bone-coloured ground.`,
          it: `L'edizione ${x.name} per ${x.partner.it}: pezzi in porcellana insieme su fondo color osso.`,
        },
      ),
      { en: `exclusive:${x.key}:en`, it: `exclusive:${x.key}:it` },
    );
    addPostPair(room, `exclusive:${x.key}`, "exclusives", { en: date, it: itDate }, (lang, id) => ({
      ...basePost(x.slug[lang], x.name, x.intro[lang], x.excerpt[lang]),
      featuredMedia: id(`${mediaKey}:${lang}`),
      meta: { subtitle: x.subtitle[lang], partner: x.partner[lang], year: x.year },
    }));
  }
}

// ——— Products ————————————————————————————————————————————————————————————————
const PRODUCT_VIEWS = [0, 1, 2] as const;

/** Up to four published products: the same series and edition first, then the same category. */
function relatedProducts(plans: ProductPlan[], p: ProductPlan): ProductPlan[] {
  const others = plans.filter((o) => o !== p && o.status === "publish");
  const sameSeries = others.filter((o) => o.entry.series === p.entry.series && o.edition === p.edition);
  const sameCategory = others.filter(
    (o) => formCopy(o.entry.form).category === formCopy(p.entry.form).category && !sameSeries.includes(o),
  );
  return [...sameSeries, ...sameCategory.slice(0, Math.max(0, 4 - sameSeries.length))].slice(0, 4);
}

/** A product's three photographs: the piece, a detail, and the piece in context. */
function addProductPhotos(room: Newsroom, p: ProductPlan): void {
  const f = formCopy(p.entry.form);
  const names = ["", "-detail", "-context"];
  for (const view of PRODUCT_VIEWS) {
    const file = `${p.code.toLowerCase()}-${p.slug.en}${names[view]}.webp`;
    addMedia(
      room,
      `media:${p.key}:${view}`,
      { en: addMinutes(p.date.en, -30 + view * 4), it: addMinutes(p.date.it, -9 + view) },
      file,
      {
        scene: "product",
        form: p.recipe,
        view,
        alternate: view === 2 ? (f.key === "relief" || f.key === "panel" ? null : p.alternate) : null,
      },
      { en: productPhotoCopy(p, view, "en"), it: productPhotoCopy(p, view, "it") },
      { en: `${p.key}:en`, it: `${p.key}:it` },
    );
  }
}

function productPost(seeding: Seeding, p: ProductPlan, lang: Lang, id: Resolve): PostInit {
  const f = formCopy(p.entry.form);
  const s = seriesCopy(p.entry.series);
  const { collection, exclusive } = s;
  const materials = joinOr(
    p.entry.colours.map((c) => GLAZE_NAME[c][lang]),
    lang,
    p.entry.colours.includes("gold"),
  );
  return {
    ...basePost(p.slug[lang], p.name[lang], productDescription(seeding.plans, p, lang, id), productExcerpt(p, lang)),
    status: p.status,
    featuredMedia: id(`media:${p.key}:0:${lang}`),
    meta: {
      code: p.code,
      dimensions: p.dimensions,
      materials: `${f.materials[lang]}; ${materials}`,
      designer: id(`designer:${s.designer}:${lang}`),
      collection: collection ? id(`collection:${collection}:${lang}`) : 0,
      exclusive: exclusive ? id(`exclusive:${exclusive}:${lang}`) : 0,
      gallery: PRODUCT_VIEWS.map((v) => id(`media:${p.key}:${v}:${lang}`)),
      related: p.status === "publish" ? relatedProducts(seeding.plans, p).map((o) => id(`${o.key}:${lang}`)) : [],
      year: Math.max(p.year, s.year),
    },
    terms: {
      product_categories: [termId(seeding, "product_categories", category(f.category).key, lang)],
      product_colors: p.entry.colours.map((c) => termId(seeding, "product_colors", c, lang)),
    },
    modified: addMinutes(addDays(p.date[lang], 3 + (p.index % 40)), p.index),
  };
}

function seedProducts(seeding: Seeding): void {
  for (const p of seeding.plans) {
    addProductPhotos(seeding.room, p);
    addPostPair(seeding.room, p.key, "products", p.date, (lang, id) => productPost(seeding, p, lang, id));
  }
}

// ——— Imagemaps and projects ————————————————————————————————————————————————
function planFor(plans: ProductPlan[], ref: ProductRef): ProductPlan {
  const found = plans.find(
    (p) => p.entry.series === ref.series && p.entry.form === ref.form && p.edition === 0 && p.status === "publish",
  );
  if (!found) throw new Error(`no product ${ref.series} ${ref.form}`);
  return found;
}

function seedImagemaps({ room, plans }: Seeding): void {
  for (const m of IMAGEMAPS) {
    const project = PROJECTS.find((x) => x.imagemap === m.key);
    const date = addMinutes(project?.date ?? "2023-01-10T10:00:00", -90);
    const itDate = addMinutes(addDays(date, 2), 30);
    const refs = m.products.map((ref) => planFor(plans, ref));
    const forms = refs.map((p) => p.recipe);
    const mediaKey = `media:imagemap:${m.key}`;
    addMedia(
      room,
      mediaKey,
      { en: addMinutes(date, -10), it: addMinutes(itDate, -3) },
      `fc-room-${m.slug.en}.webp`,
      { scene: "room", style: m.style, seed: hashSeed(m.key), forms },
      groupCopy(m.title, m.alt),
      { en: `imagemap:${m.key}:en`, it: `imagemap:${m.key}:it` },
    );
    const spots = roomHotspots(m.style, forms);
    addPostPair(room, `imagemap:${m.key}`, "imagemap_products", { en: date, it: itDate }, (lang, id) => ({
      ...basePost(m.slug[lang], m.title[lang], "", ""),
      featuredMedia: id(`${mediaKey}:${lang}`),
      meta: {
        image: id(`${mediaKey}:${lang}`),
        hotspots: refs.flatMap((p, i) => {
          const spot = spots[i];
          return spot ? [{ product: id(`${p.key}:${lang}`), x: spot.x, y: spot.y }] : [];
        }),
      },
    }));
  }
}

function seedProjects({ room, plans }: Seeding): void {
  for (const project of PROJECTS) {
    const itDate = addMinutes(addDays(project.date, 4), 20);
    const refs = project.products.map((ref) => planFor(plans, ref));
    const ownMedia = project.imagemap === null ? `media:project:${project.key}` : null;
    if (ownMedia) {
      addMedia(
        room,
        ownMedia,
        { en: addMinutes(project.date, -14), it: addMinutes(itDate, -2) },
        `fc-project-${project.slug.en}.webp`,
        {
          scene: "room",
          style: project.key === "ortigia" ? "gallery" : "apartment",
          seed: hashSeed(project.key),
          forms: refs.map((p) => p.recipe),
        },
        groupCopy(project.title, {
          en: `${project.title.en}: an interior with FC porcelain on the wall, on a sideboard and on the shelves.`,
          it: `${project.title.it}: un interno con porcellane FC alla parete, sulla credenza e sulle mensole.`,
        }),
        { en: `project:${project.key}:en`, it: `project:${project.key}:it` },
      );
    }
    addPostPair(room, `project:${project.key}`, "projects", { en: project.date, it: itDate }, (lang, id) => ({
      ...basePost(project.slug[lang], project.title[lang], project.body[lang], project.excerpt[lang]),
      featuredMedia: id(ownMedia ? `${ownMedia}:${lang}` : `media:imagemap:${project.imagemap}:${lang}`),
      meta: {
        location: project.location[lang],
        year: project.year,
        imagemap: project.imagemap ? id(`imagemap:${project.imagemap}:${lang}`) : 0,
        products: refs.map((p) => id(`${p.key}:${lang}`)),
      },
    }));
  }
}

// ——— Menus ————————————————————————————————————————————————————————————————————
const MENU_DATE = "2021-01-25T17:40:00";

/** One menu's items, numbered in order (children right after their parent). */
function addMenuItems(room: Newsroom, menuKey: string, lang: Lang, entries: readonly MenuEntryCopy[]): void {
  let order = 0;
  const add = (entry: MenuEntryCopy, parentKey: string | null, at: number) => {
    order += 1;
    const itemKey = `menu:${menuKey}:${order}`;
    const myOrder = order;
    // An item for a page can only be added once the page exists (in that language).
    const page = entry.page ? PAGES.find((x) => x.key === entry.page) : undefined;
    const pageDate = page ? (lang === "en" ? page.date : italianPageDate(page.date)) : MENU_DATE;
    const itemDate = entry.addedLater ?? (pageDate > MENU_DATE ? addDays(pageDate, 1) : MENU_DATE);
    const date = addMinutes(itemDate, at + (lang === "it" ? 90 : 0));
    room.menuItem(itemKey, menuKey, date, (id) => ({
      menuOrder: myOrder,
      parent: parentKey ? id(parentKey) : 0,
      title: entry.label[lang],
      kind: entry.page ? "page" : "custom",
      url: entry.url ? entry.url[lang] : "",
      objectId: entry.page ? id(`page:${entry.page}:${lang}`) : 0,
      target: entry.external ? "_blank" : "",
    }));
    entry.children?.forEach((child, i) => add(child, itemKey, at + i + 1));
  };
  entries.forEach((entry, i) => add(entry, null, i * 2));
}

function seedMenus(seeding: Seeding): MenuRecord[] {
  const menus: MenuRecord[] = [];
  for (const location of ["header", "footer"] as const) {
    for (const lang of LANGS) {
      menus.push({
        id: seeding.nextTermId++,
        slug: `${location}-${lang}`,
        name: `${location === "header" ? "Header" : "Footer"} ${lang.toUpperCase()}`,
        location: lang === "en" ? location : `${location}___${lang}`,
        lang,
        items: [],
      });
      addMenuItems(seeding.room, `${location}:${lang}`, lang, MENUS[location]);
    }
  }
  return menus;
}

/** Numbers everything in publication order, then fills in what could only point at ids. */
function publishSite(seeding: Seeding, menus: MenuRecord[]): SeededSite {
  const published = seeding.room.publish();
  for (const menu of menus) {
    menu.items = (
      published.menuItems.get(`${menu.slug.startsWith("header") ? "header" : "footer"}:${menu.lang}`) ?? []
    ).sort((a, b) => a.menuOrder - b.menuOrder);
  }
  // Category images were uploaded before the terms could point at them.
  for (const t of seeding.terms) {
    const mediaKey = t.meta.__mediaKey;
    if (typeof mediaKey === "string") {
      t.meta = { image: published.ids.get(mediaKey) ?? 0 };
    }
  }
  // Product figures: every other product shows its detail photograph in the description.
  const byId = new Map(published.posts.map((p) => [p.id, p]));
  for (const post of published.posts) {
    post.content = post.content.replace(/\{\{figure:(\d+)\}\}/g, (_, id: string) => figureHtml(byId.get(Number(id))));
  }
  return {
    posts: published.posts,
    terms: seeding.terms,
    menus,
    users: [{ id: EDITOR, name: "Redazione FC", slug: "redazione", description: "" }],
    frontPage: { en: published.ids.get("page:home:en") ?? 0, it: published.ids.get("page:home:it") ?? 0 },
    nextPostId: published.nextId,
    nextTermId: seeding.nextTermId,
  };
}

export function seedSite(scale: number): SeededSite {
  const seeding: Seeding = {
    room: new Newsroom(),
    terms: [],
    termIds: new Map(),
    nextTermId: FIRST_TERM_ID,
    plans: planProducts(scale),
  };
  seedTaxonomies(seeding);
  seedPages(seeding);
  seedDesigners(seeding);
  seedCollections(seeding);
  seedExclusives(seeding);
  seedProducts(seeding);
  seedImagemaps(seeding);
  seedProjects(seeding);
  const menus = seedMenus(seeding);
  return publishSite(seeding, menus);
}

function frontPageMeta(lang: Lang, id: Resolve): Record<string, unknown> {
  return {
    hero_media: id(`media:page:home:${lang}`),
    tagline: TAGLINE[lang],
    featured_collections: ["marea", "nebbia", "giardino"].map((k) => id(`collection:${k}:${lang}`)),
    featured_exclusives: EXCLUSIVES.map((x) => id(`exclusive:${x.key}:${lang}`)),
    imagemap: id(`imagemap:living:${lang}`),
    company: {
      name: COMPANY.name,
      legal_name: COMPANY.legal_name,
      address: COMPANY.address,
      city: COMPANY.city,
      country: COMPANY.country[lang],
      vat: COMPANY.vat,
      email: COMPANY.email,
      phone: COMPANY.phone,
      social: COMPANY.social.map((s) => ({ ...s })),
    },
  };
}

function productDescription(plans: ProductPlan[], p: ProductPlan, lang: Lang, id: Resolve): string {
  const f = formCopy(p.entry.form);
  const s = seriesCopy(p.entry.series);
  const cat = category(f.category);
  const [first, second] = p.entry.colours;
  const glaze = colour(first as ColourKey).glazeLine[lang];
  const extra = second
    ? second === "gold"
      ? ` ${colour("gold").glazeLine[lang]}`
      : lang === "en"
        ? ` Also available in ${colour(second).inText.en}.`
        : ` Disponibile anche in ${colour(second).inText.it}.`
    : "";
  const paragraphs = [`${s.story[lang]} ${f.method[lang]}`, `${glaze}${extra} ${cat.care[lang]}`];
  const designer = DESIGNERS.find((d) => d.key === s.designer);
  const collection = COLLECTIONS.find((c) => c.key === s.collection);
  const exclusive = EXCLUSIVES.find((x) => x.key === s.exclusive);
  if (collection) {
    paragraphs.push(
      lang === "en"
        ? `Part of the <a href="{{wp}}/collections/${collection.slug.en}/">${collection.name}</a> collection, designed by ${designer?.name}.`
        : `Fa parte della collezione <a href="{{wp}}/it/collezioni/${collection.slug.it}/">${collection.name}</a>, disegnata da ${designer?.name}.`,
    );
  } else if (exclusive) {
    paragraphs.push(
      lang === "en"
        ? `Made exclusively for ${exclusive.partner.en}: see the <a href="{{wp}}/exclusives/${exclusive.slug.en}/">${exclusive.name}</a> edition.`
        : `Edizione realizzata in esclusiva per ${exclusive.partner.it}: scopri <a href="{{wp}}/it/esclusivi/${exclusive.slug.it}/">${exclusive.name}</a>.`,
    );
  } else if (designer) {
    paragraphs.push(
      lang === "en"
        ? `Designed by ${designer.name} in ${designer.city.en}.`
        : `Disegno di ${designer.name}, ${designer.city.it}.`,
    );
  }
  const sibling = plans.find(
    (o) => o !== p && o.entry.series === p.entry.series && o.status === "publish" && o.edition === 0,
  );
  if (sibling && p.status === "publish") {
    const siblingForm = formCopy(sibling.entry.form);
    paragraphs.push(
      lang === "en"
        ? `It pairs well with the <a href="{{wp}}/products/${sibling.slug.en}/">${s.name} ${siblingForm.nameNoun.en.toLowerCase()}</a>.`
        : `Da abbinare a <a href="{{wp}}/it/prodotti/${sibling.slug.it}/">${sibling.name.it}</a>.`,
    );
  }
  const html = paragraphs.map((text) => `<p>${text}</p>`);
  if (p.index % 2 === 0) html.splice(1, 0, `{{figure:${id(`media:${p.key}:1:${lang}`)}}}`);
  return html.join("\n");
}

function productExcerpt(p: ProductPlan, lang: Lang): string {
  const f = formCopy(p.entry.form);
  const s = seriesCopy(p.entry.series);
  const c = colour(p.entry.colours[0] as ColourKey).inText[lang];
  return `${sentenceCase(f.nameNoun[lang])} in ${c}: ${s.tagline[lang]}.`;
}

function basePost(slug: string, title: string, content: string, excerpt: string): PostInit {
  return {
    slug,
    status: "publish",
    author: EDITOR,
    parent: 0,
    menuOrder: 0,
    title,
    content,
    excerpt,
    password: "",
    featuredMedia: 0,
    template: "",
    meta: {},
    terms: {},
  };
}

function emptyPageMeta(): Record<string, unknown> {
  // Meta registered for pages appears on every page with its default (register_post_meta).
  return { hero_media: 0, tagline: "", featured_collections: [], featured_exclusives: [], imagemap: 0, company: null };
}

function joinOr(items: string[], lang: Lang, together: boolean): string {
  if (items.length < 2) return items.join("");
  const word = together ? (lang === "en" ? " and " : " e ") : lang === "en" ? " or " : " o ";
  return `${items.slice(0, -1).join(", ")}${word}${items[items.length - 1]}`;
}

function toolName(tool: string): Bilingual {
  const names: Record<string, Bilingual> = {
    rib: { en: "wooden potter's rib", it: "Una stecca da vasaio in legno" },
    calipers: { en: "pair of steel calipers", it: "Un compasso a punte in acciaio" },
    loop: { en: "wire trimming tool", it: "Una mirette a filo" },
    brush: { en: "glazing brush", it: "Un pennello da smaltatura" },
    knife: { en: "potter's knife", it: "Un coltello da vasaio" },
  };
  return names[tool] ?? { en: "tool", it: "Un attrezzo" };
}

/** A figure as the block editor saves it, with every size in srcset (the site rewrites the URLs). */
export function figureHtml(media: PostRecord | undefined): string {
  if (!media?.attachment) return "";
  const a = media.attachment;
  const file = `{{wp}}/wp-content/uploads/${a.file}`;
  const large = Math.min(1024, a.width);
  const largeHeight = Math.round((a.height * large) / a.width);
  const sized = (w: number) => {
    const h = Math.round((a.height * w) / a.width);
    return w >= a.width ? file : file.replace(/\.webp$/, `-${w}x${h}.webp`);
  };
  const srcset = [1024, 768, 1600]
    .filter((w) => w <= a.width)
    .map((w) => `${sized(w)} ${w}w`)
    .join(", ");
  const caption = a.caption ? `<figcaption class="wp-element-caption">${a.caption}</figcaption>` : "";
  return `<figure class="wp-block-image size-large"><img decoding="async" width="${large}" height="${largeHeight}" src="${sized(large)}" alt="${a.alt.replace(/"/g, "&quot;")}" class="wp-image-${media.id}" srcset="${srcset}" sizes="(max-width: ${large}px) 100vw, ${large}px" />${caption}</figure>`;
}
