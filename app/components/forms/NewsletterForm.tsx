// The newsletter signup: an email field and a consent checkbox, on the newsletter page and in
// the footer, posting to the newsletter route's action (app/routes/newsletter.tsx). With
// JavaScript it submits through a fetcher (no reload); without, as a plain form to /newsletter,
// whose page shows the outcome and keeps what was typed. Not shown when the newsletter is off.
import { Trans } from "react-i18next";
import { useLocation } from "react-router";
import type { NewsletterField, NewsletterOutcome } from "../../../common/form-outcomes";
import { policyLinks } from "../../lib/consent";
import { langFromPath, localizePath } from "../../../common/locale";
import { usePublicConfig } from "../../lib/use-public-config";
import { CaptchaNotice } from "./CaptchaNotice";
import { Checkbox, Field, Honeypot } from "./Field";
import { FormStatus } from "./FormStatus";
import { useIntegrationForm } from "./use-integration-form";
import { readNewsletter, validateNewsletter, LIMITS } from "../../../common/form-validation";
import { useT } from "../../lib/i18n";
import "./forms.css";

export function NewsletterForm({
  variant,
  actionData,
}: {
  variant: "page" | "footer";
  actionData?: NewsletterOutcome;
}) {
  const t = useT();
  const { pathname } = useLocation();
  const lang = langFromPath(pathname);
  const config = usePublicConfig();
  const action = localizePath(lang, "newsletter");
  const form = useIntegrationForm<NewsletterField>({
    key: `newsletter-${variant}`,
    action,
    captchaAction: "newsletter",
    validate: (data) => validateNewsletter(readNewsletter(data)),
  });
  const outcome = form.fetcher.data ?? actionData;
  const clientHasErrors = Object.keys(form.clientErrors).length > 0;
  const errors: Partial<Record<NewsletterField, string>> = clientHasErrors
    ? form.clientErrors
    : outcome?.status === "invalid"
      ? outcome.fields
      : {};
  const values = outcome && outcome.status !== "ok" ? outcome.values : undefined;
  const policy = policyLinks(config.consentPolicyIds, lang);
  const titleId = `newsletter-${variant}-title`;

  return (
    <section className={`newsletter-form newsletter-form--${variant}`} aria-labelledby={titleId}>
      <h2
        id={titleId}
        className={variant === "footer" ? "newsletter-form__title label" : "newsletter-form__title section-title"}
      >
        {t(variant === "footer" ? "newsletter.title" : "newsletter.formTitle")}
      </h2>
      <p className="newsletter-form__intro">{t("newsletter.intro")}</p>
      <form {...form.formProps} className="form">
        <div className="form__row">
          <Field
            name="email"
            type="email"
            inputMode="email"
            label={t("forms.email")}
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            defaultValue={values?.email}
            error={errors.email}
          />
          <button type="submit" className="button form__submit" disabled={form.busy}>
            {form.busy ? t("forms.sending") : t("newsletter.submit")}
          </button>
        </div>
        <Checkbox name="consent" required error={errors.consent}>
          {/* The link's text is the translation's (<privacy>…</privacy> in the message). */}
          <Trans
            i18nKey="newsletter.consent"
            // eslint-disable-next-line jsx-a11y/anchor-has-content
            components={{ privacy: policy ? <a href={policy.privacy} rel="noopener" target="_blank" /> : <span /> }}
          />
        </Checkbox>
        <Honeypot />
        <FormStatus
          outcome={clientHasErrors ? undefined : outcome}
          client={form.clientStatus}
          success={(already) => t(already ? "newsletter.already" : "newsletter.success")}
          unavailable={t("newsletter.unavailable")}
        />
        {form.captchaEnabled ? <CaptchaNotice /> : null}
      </form>
    </section>
  );
}
