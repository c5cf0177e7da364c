// WordPress's Preview: /preview?type=products&id=12&exp=<unix>&sig=<hex>, a link the fc-headless
// plugin signs with the shared secret (wordpress/README.md). The server checks the link's form,
// signature and expiry before the router runs (server/http/preview-gate.ts), and WordPress checks
// the signature again on its preview route, so the site needs no privileged account; the checks
// here repeat the form and expiry. Rendered uncached, noindex, with a visible ribbon.
import { data, useLocation } from "react-router";
import type { Route } from "./+types/preview";
import { PREVIEW_TYPES, type PreviewType } from "../../common/content-types";
import { siteContext } from "../lib/context";
import { langOf } from "../lib/route-helpers";
import { langFromPath, localizePath, type Lang } from "../../common/locale";
import { i18nFor, useT } from "../lib/i18n";
import { pageTitle, siteDescription } from "../lib/seo";
import { ProductDetail } from "../components/ProductDetail";
import { productView } from "../lib/product-cards";
import { Prose } from "../components/Prose";
import { ResponsiveImage } from "../components/ResponsiveImage";

/** Links live 15 minutes in the plugin; anything claiming more than a day is not one of ours. */
const MAX_LIFETIME_SECONDS = 24 * 60 * 60;

export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

function refuse(
  status: 400 | 403 | 404,
  lang: Lang,
  key: "previewBadLink" | "previewExpired" | "previewRefused" | "previewMissing",
) {
  const message = i18nFor(lang).t(`preview.${key}`);
  throw data({ message }, { status, headers: PREVIEW_HEADERS });
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const lang = langOf(url);
  const q = url.searchParams;
  const type = q.get("type") ?? "";
  const id = q.get("id") ?? "";
  const exp = q.get("exp") ?? "";
  const sig = q.get("sig") ?? "";
  if (
    !(PREVIEW_TYPES as readonly string[]).includes(type) ||
    !/^[1-9]\d{0,9}$/.test(id) ||
    !/^\d{1,12}$/.test(exp) ||
    !/^[0-9a-f]{64}$/i.test(sig)
  ) {
    refuse(400, lang, "previewBadLink");
  }
  const now = Math.floor(Date.now() / 1000);
  if (Number(exp) < now || Number(exp) > now + MAX_LIFETIME_SECONDS) refuse(403, lang, "previewExpired");
  const { content } = context.get(siteContext);
  try {
    const item = await content.getPreview(type as PreviewType, Number(id), { exp, sig });
    if (!item) refuse(404, lang, "previewMissing");
    return data(
      { item: item!.kind === "product" ? { ...item!, product: productView(item!.product) } : item! },
      { headers: PREVIEW_HEADERS },
    );
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 401 || status === 403) refuse(403, lang, "previewRefused");
    throw error;
  }
}

export function headers() {
  return PREVIEW_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const item = loaderData?.item;
  const title = item
    ? item.kind === "product"
      ? item.product.name
      : item.page.title
    : i18nFor(langFromPath(location.pathname)).t("preview.label");
  return [
    { title: pageTitle(`${i18nFor(langFromPath(location.pathname)).t("preview.label")}: ${title}`) },
    { name: "description", content: siteDescription(langFromPath(location.pathname)) },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export default function Preview({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = langFromPath(useLocation().pathname);
  const { item } = loaderData;
  return (
    <main id="main" className="preview" tabIndex={-1}>
      <p className="preview-ribbon" role="status">
        {t("preview.ribbon")}
      </p>
      {item.kind === "product" ? (
        <div className="preview__product">
          <ProductDetail
            product={item.product}
            listPath={localizePath(item.product.lang, "products")}
            enquireTo={localizePath(lang, "contact")}
            closeLabel=""
          />
        </div>
      ) : (
        <article className="reading">
          <header className="reading__header">
            <h1 className="display">{item.page.title}</h1>
            {item.page.excerpt ? <p className="lede">{item.page.excerpt}</p> : null}
          </header>
          {item.page.image ? (
            <figure className="reading__figure">
              <ResponsiveImage image={item.page.image} ratio="16 / 9" sizes="100vw" priority />
            </figure>
          ) : null}
          <Prose html={item.page.contentHtml} className="reading__body" />
        </article>
      )}
    </main>
  );
}
