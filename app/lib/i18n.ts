// i18next, one instance per language. The server renders with the page's language; the browser
// loads that language's messages before hydrating (entry.client.tsx), so nothing flashes, and
// before any route of another language renders: the root's client middleware (root.tsx) awaits
// them on every way into a language — the switcher, Back and Forward, a link in WordPress content.
// A lookup never throws during render: a language whose messages are somehow not there yet is
// shown in one that is (and its messages are fetched).
import { useContext } from "react";
import i18next, { type i18n as I18n, type Resource, type TFunction } from "i18next";
import { I18nContext, initReactI18next } from "react-i18next";
import { DEFAULT_LANG, type Lang } from "../../common/locale";

type Messages = Record<string, unknown>;

const loaders: Record<Lang, () => Promise<{ default: Messages }>> = {
  en: () => import("../../locales/en/common.json"),
  it: () => import("../../locales/it/common.json"),
};

const instances = new Map<Lang, I18n>();
const loaded = new Map<Lang, Messages>();

/** Load a language's messages (a separate chunk in the browser). */
export async function loadMessages(lang: Lang): Promise<void> {
  if (loaded.has(lang)) return;
  const messages = (await loaders[lang]()).default;
  loaded.set(lang, messages);
}

/** Register messages that are already at hand (the server imports both languages eagerly). */
export function provideMessages(lang: Lang, messages: Messages): void {
  loaded.set(lang, messages);
}

/** Whether a language's messages are at hand. */
export function messagesLoaded(lang: Lang): boolean {
  return loaded.has(lang);
}

/**
 * The i18next instance of a language. Its messages are normally loaded first; if they are not,
 * the instance of a language that is (the default first) stands in, and the messages are fetched.
 */
export function i18nFor(lang: Lang): I18n {
  const existing = instances.get(lang);
  if (existing) return existing;
  const messages = loaded.get(lang);
  if (!messages) {
    if (typeof window !== "undefined") void loadMessages(lang).catch(() => undefined);
    const standIn = loaded.has(DEFAULT_LANG) ? DEFAULT_LANG : [...loaded.keys()][0];
    return standIn ? i18nFor(standIn) : emptyInstance();
  }
  const resources: Resource = { [lang]: { common: messages } };
  const fallback = loaded.get(DEFAULT_LANG);
  if (lang !== DEFAULT_LANG && fallback) resources[DEFAULT_LANG] = { common: fallback };
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    ns: ["common"],
    defaultNS: "common",
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instances.set(lang, instance);
  return instance;
}

let empty: I18n | undefined;
/** No messages at all (nothing loaded yet): i18next answers with the keys. */
function emptyInstance(): I18n {
  if (!empty) {
    empty = i18next.createInstance();
    void empty.use(initReactI18next).init({
      lng: DEFAULT_LANG,
      ns: ["common"],
      defaultNS: "common",
      resources: {},
      initAsync: false,
      returnNull: false,
    });
  }
  return empty;
}

const fixedT = new WeakMap<I18n, TFunction>();

/**
 * The translate function of the page's language (the instance I18nextProvider holds; a language
 * switch swaps the instance, which re-renders). Why not react-i18next's useTranslation: it copies
 * the whole i18next instance and builds a new t for every component on its first render, and a
 * server render is all first renders: on a product list that was a sixth of the render's CPU.
 */
export function useT(): TFunction {
  const instance = useContext(I18nContext)?.i18n ?? i18nFor(DEFAULT_LANG);
  let t = fixedT.get(instance);
  if (!t) fixedT.set(instance, (t = fixedTranslator(instance)));
  return t;
}

/** A message's text split at its `{{name}}` placeholders: text, name, text, name, …, text. */
type Template = readonly string[];
const PLACEHOLDER = /\{\{\s*([A-Za-z_]\w*)\s*\}\}/g;
/** Options i18next gives a meaning of their own (plurals, context, fallbacks…): never filled in here. */
const SPECIAL_OPTION =
  /^(count|context|ordinal|defaultValue|lngs?|ns|replace|interpolation|returnObjects|joinArrays|postProcess|keySeparator|nsSeparator)$/;

/**
 * The message of `key` as a template, when filling it in is plain substitution: a string of
 * the language (or of the fallback language) with `{{name}}` placeholders only — no nesting
 * (`$t(`), no formatting (`{{name, format}}`), no plural forms. Null otherwise: i18next answers.
 */
function templateOf(instance: I18n, key: string): Template | null {
  const text = (instance.getResource(instance.language, "common", key) ??
    instance.getResource(DEFAULT_LANG, "common", key)) as unknown;
  if (
    typeof text !== "string" ||
    text.includes("$t(") ||
    instance.getResource(instance.language, "common", `${key}_other`) !== undefined
  )
    return null;
  const parts = text.split(PLACEHOLDER);
  // split() with a capturing group puts the names at odd indexes: any other "{{" left is formatting.
  return parts.some((part, i) => i % 2 === 0 && part.includes("{{")) ? null : parts;
}

const countOnly = (options: object): options is { count: number } => {
  const keys = Object.keys(options);
  return keys.length === 1 && keys[0] === "count" && Number.isInteger((options as { count: unknown }).count);
};

/**
 * The plural form `key_<category>` as a template when it is a message of the page's own
 * language with plain placeholders (i18next picks the same form with the same Intl.PluralRules);
 * null otherwise, and i18next answers (a form only the fallback language has, nesting, formatting).
 */
function pluralTemplateOf(instance: I18n, form: string): Template | null {
  const text = instance.getResource(instance.language, "common", form) as unknown;
  if (typeof text !== "string" || text.includes("$t(")) return null;
  const parts = text.split(PLACEHOLDER);
  return parts.some((part, i) => i % 2 === 0 && part.includes("{{")) ? null : parts;
}

function fill(template: Template, values: Record<string, unknown>): string | undefined {
  let text = template[0]!;
  for (let i = 1; i < template.length; i += 2) {
    const value = values[template[i]!];
    if (typeof value !== "string" && typeof value !== "number") return undefined;
    text += String(value) + template[i + 1]!;
  }
  return text;
}

/**
 * A message without options is the same string every time (an instance's messages never change
 * once loaded), and i18next's lookup allocates a few kilobytes per call: a list page asks for the
 * same labels dozens of times per render. A message with plain `{{name}}` placeholders is
 * compiled once and filled in (a card's "Add {{name}} to the wishlist", 24 times a list), and so
 * is each plural form of a message asked with its count alone (the header's wishlist count, the
 * list's "24 objects"). Calls with other options (context, ordinals, defaults) go through i18next.
 */
export function fixedTranslator(instance: I18n): TFunction {
  const translate = instance.getFixedT(instance.language, "common") as unknown as (...args: unknown[]) => string;
  const plain = new Map<string, string>();
  const templates = new Map<string, Template | null>();
  const plurals = new Intl.PluralRules(instance.language);
  // i18next asks for `key_zero` first when the count is 0, whatever the language's rules say.
  const formOf = (key: string, count: number) =>
    count === 0 && instance.getResource(instance.language, "common", `${key}_zero`) !== undefined
      ? `${key}_zero`
      : `${key}_${plurals.select(count)}`;
  const fast = (key: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string") return translate(key, ...rest);
    if (rest.length === 0) {
      let text = plain.get(key);
      if (text === undefined) plain.set(key, (text = translate(key)));
      return text;
    }
    const options = rest[0];
    if (rest.length > 1 || typeof options !== "object" || options === null) return translate(key, ...rest);
    // A plural message asked with its count only: the form of the count's plural category.
    const form = countOnly(options) ? formOf(key, options.count) : undefined;
    if (form === undefined && Object.keys(options).some((k) => SPECIAL_OPTION.test(k))) return translate(key, ...rest);
    const id = form ?? key;
    let template = templates.get(id);
    if (template === undefined)
      templates.set(id, (template = form === undefined ? templateOf(instance, key) : pluralTemplateOf(instance, form)));
    return (template && fill(template, options as Record<string, unknown>)) ?? translate(key, ...rest);
  };
  return fast as unknown as TFunction;
}
