// The newsletter page: the WordPress page (when there is one), then the signup form. Its action
// receives every signup (this page's form and the footer's), with or without JavaScript. When the
// newsletter is off (NEWSLETTER_* unset) the page says signups are not available instead of
// showing a form that could only fail, and the footer shows no form at all.
import { data, useActionData } from "react-router";
import type { Route } from "./+types/newsletter";
import { siteContext } from "../lib/context";
import { formPageHeaders, langOf, metaFrom } from "../lib/route-helpers";
import { readFormBody } from "../lib/form-body.server";
import { loader as companyPageLoader } from "./company-page";

// The company page's loader serves this route too (same page, same params: none).
type CompanyPageLoaderArgs = Parameters<typeof companyPageLoader>[0];
import { CompanyArticle } from "../components/CompanyArticle";
import { NewsletterForm } from "../components/forms/NewsletterForm";
import { outcomeInit, type NewsletterOutcome } from "../../common/form-outcomes";
import { useT } from "../lib/i18n";

export async function loader(args: Route.LoaderArgs) {
  const { integrations } = args.context.get(siteContext);
  const page = await companyPageLoader(args as unknown as CompanyPageLoaderArgs);
  return { ...page, newsletter: integrations.flags.newsletter };
}

export const headers: Route.HeadersFunction = formPageHeaders;

export async function action({ request, url, context }: Route.ActionArgs) {
  const { integrations, clientIp } = context.get(siteContext);
  const form = await readFormBody(request);
  const outcome: NewsletterOutcome = form
    ? await integrations.newsletter.submit(form, {
        ip: clientIp,
        lang: langOf(url),
        fetchSite: request.headers.get("sec-fetch-site"),
      })
    : { status: "failed", values: {} };
  return data(outcome, form ? outcomeInit(outcome) : { status: 413 });
}

export const meta: Route.MetaFunction = (args) => metaFrom(args, { type: "article" });

export default function NewsletterRoute({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { page, key, title, newsletter } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className={`reading reading--${key}`} tabIndex={-1}>
      <CompanyArticle page={page} title={title}>
        {newsletter ? (
          <NewsletterForm variant="page" actionData={actionData} />
        ) : (
          <p className="reading__body newsletter-off">{t("newsletter.unavailable")}</p>
        )}
      </CompanyArticle>
    </main>
  );
}
