// Which languages the site serves, from what WordPress answers: the plugin's list in the REST
// index, else a probe (Italian pages asked with lang=it come back in Italian), SITE_LANGUAGES
// pinning it, a language refused at run time, and a WordPress that cannot be asked.
import { describe, expect, it } from "vitest";
import pino from "pino";
import { createSiteLanguages } from "../../server/content/site-languages";
import { parseSiteLanguages } from "../../common/locale";
import { WordPressError, type WordPressClient, type WpResponse } from "../../server/content/wordpress-client";

const logger = pino({ level: "silent" });

function clientAnswering(answer: (route: string, params: Record<string, unknown>) => unknown): WordPressClient {
  return {
    async get<T>(route: string, params: Record<string, unknown> = {}) {
      const data = answer(route, params);
      if (data instanceof WordPressError) throw data;
      return { data: data as T, status: 200, total: null, totalPages: null, endpoint: route } satisfies WpResponse<T>;
    },
  };
}

const refused = () =>
  new WordPressError({
    code: "rest_invalid_param",
    status: 400,
    message: "Invalid parameter(s): lang",
    endpoint: "wp/v2/pages",
  });

describe("languages served", () => {
  it("takes the list the fc-headless plugin publishes in the REST index", async () => {
    const languages = createSiteLanguages({
      logger,
      client: clientAnswering((route) => (route === "" ? { fc_headless: { languages: ["en"] } } : [])),
    });
    await languages.discover();
    expect(languages.state()).toMatchObject({ served: ["en"], source: "wordpress" });
    expect(languages.isServed("it")).toBe(false);
  });

  it("probes without the plugin: Italian only when Italian pages come back in Italian", async () => {
    const cases: [unknown, string[]][] = [
      [refused(), ["en"]],
      [[{ id: 3, lang: "it" }], ["en", "it"]],
      [[{ id: 3 }], ["en"]], // no language plugin at all: `lang` ignored, English pages answered
      [[], ["en"]],
    ];
    for (const [italian, served] of cases) {
      const languages = createSiteLanguages({
        logger,
        client: clientAnswering((route) => (route === "" ? { name: "FC" } : italian)),
      });
      await languages.discover();
      expect(languages.state()).toMatchObject({ served, source: "probe" });
    }
  });

  it("keeps SITE_LANGUAGES without asking WordPress, and refuses a language WordPress refuses at run time", async () => {
    let asked = 0;
    const languages = createSiteLanguages({
      logger,
      pinned: ["en", "it"],
      client: clientAnswering(() => (asked++, [])),
    });
    const changes: string[][] = [];
    languages.onChange((served) => changes.push([...served]));
    await languages.discover();
    expect(asked).toBe(0);
    languages.refuse("it", "Invalid parameter(s): lang");
    languages.refuse("en", "never: the pages without a prefix stay");
    expect(languages.served()).toEqual(["en"]);
    expect(changes).toEqual([["en"]]);
    languages.close();
  });

  it("serves a pinned language again once WordPress serves it again", async () => {
    let italianRefused = true;
    const languages = createSiteLanguages({
      logger,
      pinned: ["en", "it"],
      client: clientAnswering((route, params) =>
        route === ""
          ? { name: "FC" }
          : params.lang === "it" && italianRefused
            ? refused()
            : [{ id: 3, lang: params.lang }],
      ),
    });
    languages.refuse("it", "Invalid parameter(s): lang");
    await languages.discover();
    expect(languages.state()).toMatchObject({ served: ["en"], source: "SITE_LANGUAGES" });
    italianRefused = false; // Polylang is back
    await languages.discover();
    expect(languages.state()).toMatchObject({ served: ["en", "it"], source: "SITE_LANGUAGES", refused: {} });
    languages.close();
  });

  it("serves both languages while WordPress cannot be asked", async () => {
    const languages = createSiteLanguages({
      logger,
      client: clientAnswering(() => new WordPressError({ code: "network", status: 0, message: "down", endpoint: "" })),
    });
    await languages.discover();
    expect(languages.state()).toMatchObject({ served: ["en", "it"], source: "default" });
    languages.close();
  });

  it("reads SITE_LANGUAGES", () => {
    expect(parseSiteLanguages(undefined)).toBeUndefined();
    expect(parseSiteLanguages("en")).toEqual(["en"]);
    expect(parseSiteLanguages("it, en")).toEqual(["en", "it"]);
    expect(() => parseSiteLanguages("it")).toThrow(/must include en/);
    expect(() => parseSiteLanguages("en,fr")).toThrow(/unknown language/);
  });
});
