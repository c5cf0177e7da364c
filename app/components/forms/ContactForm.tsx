// The contact form: name, email, company, message, privacy consent, and the objects the visitor
// attached (from the wishlist's "send as an enquiry", /contact?wishlist=12,14, or a product's
// enquiry link, /contact?product=12), shown by name with a box to leave each one out. It posts
// to the contact route's action, which checks the captcha and delivers it to WordPress's
// Contact Form 7. Off (no CONTACT_FORM_ID): a note with the company's address instead, with the
// attached objects in the mail it opens.
import { Trans } from "react-i18next";
import { useLocation } from "react-router";
import { smallestSource, type ProductCardData } from "../../lib/product-cards";
import type { ContactField, ContactOutcome } from "../../../common/form-outcomes";
import { policyLinks } from "../../lib/consent";
import { langFromPath, localizePath } from "../../../common/locale";
import { usePublicConfig } from "../../lib/use-public-config";
import { CaptchaNotice } from "./CaptchaNotice";
import { Checkbox, Field, Honeypot } from "./Field";
import { FormStatus } from "./FormStatus";
import { useIntegrationForm } from "./use-integration-form";
import { LIMITS, readContact, validateContact } from "../../../common/form-validation";
import { useT } from "../../lib/i18n";
import "./forms.css";

function AttachedProducts({ products }: { products: ProductCardData[] }) {
  const t = useT();
  if (products.length === 0) return null;
  return (
    <fieldset className="form__products">
      <legend>{t("contact.products")}</legend>
      <ul>
        {products.map((p) => (
          <li key={p.id}>
            <label className="form__product">
              <input type="checkbox" name="product" value={p.englishId} defaultChecked />
              {p.image ? (
                <img src={smallestSource(p.image)} alt="" width={48} height={60} loading="lazy" decoding="async" />
              ) : (
                <span className="form__product-image" aria-hidden="true" />
              )}
              <span>
                <span className="form__product-name">{p.name}</span>
                {p.code ? <span className="form__product-code"> {p.code}</span> : null}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <p className="form__hint">{t("contact.productsHint")}</p>
    </fieldset>
  );
}

export function ContactForm({
  enabled,
  products,
  actionData,
  companyEmail,
}: {
  enabled: boolean;
  products: ProductCardData[];
  actionData?: ContactOutcome;
  companyEmail?: string;
}) {
  const t = useT();
  const { pathname, search } = useLocation();
  const lang = langFromPath(pathname);
  const config = usePublicConfig();
  // The current address, so a post without JavaScript comes back with the same attachments.
  const action = `${localizePath(lang, "contact")}${search}`;
  const form = useIntegrationForm<ContactField>({
    key: "contact",
    action,
    captchaAction: "contact",
    validate: (data) => validateContact(readContact(data)),
  });
  const policy = policyLinks(config.consentPolicyIds, lang);

  if (!enabled) {
    const lines = products.map((p) => `- ${p.name}${p.code ? ` (${p.code})` : ""}`);
    const mailto = companyEmail
      ? `mailto:${companyEmail}?subject=${encodeURIComponent(t("contact.mailSubject"))}${lines.length ? `&body=${encodeURIComponent(`${t("contact.products")}:\n${lines.join("\n")}\n\n`)}` : ""}`
      : undefined;
    return (
      <section className="contact-form contact-form--off" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title" className="section-title">
          {t("contact.formTitle")}
        </h2>
        <p>{t("contact.unavailable")}</p>
        {products.length > 0 ? (
          <>
            <p className="label">{t("contact.products")}</p>
            <ul className="contact-form__list">
              {products.map((p) => (
                <li key={p.id}>
                  {p.name}
                  {p.code ? ` (${p.code})` : ""}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {mailto && companyEmail ? (
          <p>
            <a className="button" href={mailto}>
              {t("contact.writeTo", { email: companyEmail })}
            </a>
          </p>
        ) : null}
      </section>
    );
  }

  const outcome = form.fetcher.data ?? actionData;
  const clientHasErrors = Object.keys(form.clientErrors).length > 0;
  const errors: Partial<Record<ContactField, string>> = clientHasErrors
    ? form.clientErrors
    : outcome?.status === "invalid"
      ? outcome.fields
      : {};
  const values = outcome && outcome.status !== "ok" ? outcome.values : undefined;

  return (
    <section className="contact-form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="section-title">
        {t("contact.formTitle")}
      </h2>
      <form {...form.formProps} className="form form--stacked">
        <AttachedProducts products={products} />
        <div className="form__grid">
          <Field
            name="name"
            label={t("forms.name")}
            autoComplete="name"
            required
            maxLength={LIMITS.name}
            defaultValue={values?.name}
            error={errors.name}
          />
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
          <Field
            name="company"
            label={t("forms.company")}
            optionalLabel
            autoComplete="organization"
            maxLength={LIMITS.company}
            defaultValue={values?.company}
            error={errors.company}
          />
        </div>
        <Field
          name="message"
          label={t("forms.message")}
          multiline
          required
          maxLength={LIMITS.message}
          defaultValue={values?.message}
          error={errors.message}
        />
        <Checkbox name="consent" required error={errors.consent}>
          {/* The link's text is the translation's (<privacy>…</privacy> in the message). */}
          <Trans
            i18nKey="contact.consent"
            // eslint-disable-next-line jsx-a11y/anchor-has-content
            components={{ privacy: policy ? <a href={policy.privacy} rel="noopener" target="_blank" /> : <span /> }}
          />
        </Checkbox>
        <Honeypot />
        <div className="form__actions">
          <button type="submit" className="button form__submit" disabled={form.busy}>
            {form.busy ? t("forms.sending") : t("contact.submit")}
          </button>
        </div>
        <FormStatus
          outcome={clientHasErrors ? undefined : outcome}
          client={form.clientStatus}
          success={() => t("contact.success")}
          unavailable={t("contact.unavailable")}
        />
        {form.captchaEnabled ? <CaptchaNotice /> : null}
      </form>
    </section>
  );
}
