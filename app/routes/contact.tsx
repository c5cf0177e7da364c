// The contact page: the WordPress page (when there is one), then the contact form, with the
// objects the visitor attached (?wishlist=12,14 from the wishlist, ?product=12 from a product;
// English ids) shown by name. The action checks the captcha and hands the message to Contact
// Form 7 in WordPress.
// The page cache must key this route on `wishlist` and `product` (server/http/page-cache.ts).
import { data, useActionData, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/contact";
import { siteContext } from "../lib/context";
import { formPageHeaders, langOf, metaFrom } from "../lib/route-helpers";
import { langFromPath, localizePath } from "../../common/locale";
import { settle } from "../lib/settle";
import { readFormBody } from "../lib/form-body.server";
import { loader as companyPageLoader } from "./company-page";
import { productCards } from "../lib/product-cards";

// The company page's loader serves this route too (same page, same params: none).
type CompanyPageLoaderArgs = Parameters<typeof companyPageLoader>[0];
import { CompanyArticle } from "../components/CompanyArticle";
import { ContactForm } from "../components/forms/ContactForm";
import { MAX_ATTACHED_PRODUCTS } from "../../common/form-validation";
import { outcomeInit, type ContactOutcome } from "../../common/form-outcomes";
import type { Company } from "../../common/content";

/** English product ids from ?wishlist=12,14 and ?product=12. */
export function attachedIds(search: URLSearchParams): number[] {
  const values = [search.get("wishlist"), search.get("product")].filter((v): v is string => !!v).join(",");
  return [
    ...new Set(
      values
        .split(",")
        .filter((v) => /^[1-9]\d{0,9}$/.test(v))
        .map(Number),
    ),
  ].slice(0, MAX_ATTACHED_PRODUCTS);
}

export async function loader(args: Route.LoaderArgs) {
  const { content, integrations } = args.context.get(siteContext);
  const lang = langOf(args.url);
  const ids = attachedIds(args.url.searchParams);
  const [page, products] = await Promise.all([
    companyPageLoader(args as unknown as CompanyPageLoaderArgs),
    ids.length > 0 ? settle(content.getProductsByEnglishIds(ids, lang), []).then(productCards) : Promise.resolve([]),
  ]);
  return { ...page, products, contact: integrations.flags.contact };
}

export const headers: Route.HeadersFunction = formPageHeaders;

export async function action({ request, url, context }: Route.ActionArgs) {
  const { integrations, clientIp, content, publicConfig } = context.get(siteContext);
  const lang = langOf(url);
  const form = await readFormBody(request);
  const outcome: ContactOutcome = form
    ? await integrations.contact.submit(form, {
        ip: clientIp,
        lang,
        fetchSite: request.headers.get("sec-fetch-site"),
        async describeProducts(ids) {
          const products = await content.getProductsByEnglishIds(ids, lang);
          return products.map(
            (p) =>
              `${p.name}${p.code ? ` (${p.code})` : ""} – ${publicConfig.siteUrl}${localizePath(lang, "products", p.id)}`,
          );
        },
      })
    : { status: "failed", values: {} };
  return data(outcome, form ? outcomeInit(outcome) : { status: 413 });
}

export const meta: Route.MetaFunction = (args) => metaFrom(args, { type: "article" });

export default function ContactRoute({ loaderData }: Route.ComponentProps) {
  const { page, key, title, products, contact } = loaderData;
  const actionData = useActionData<typeof action>();
  const lang = langFromPath(useLocation().pathname);
  const layout = useRouteLoaderData<{ company?: Company | null }>(`locale-${lang}`);
  return (
    <main id="main" className={`reading reading--${key}`} tabIndex={-1}>
      <CompanyArticle page={page} title={title}>
        <ContactForm
          enabled={contact}
          products={products}
          actionData={actionData}
          companyEmail={layout?.company?.email || undefined}
        />
      </CompanyArticle>
    </main>
  );
}
