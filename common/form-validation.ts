// The rules of the newsletter and contact forms, in one place for both sides: the browser checks
// them before it sends (messages in the page's language, no browser bubbles), and the server
// checks them again (server/integrations/forms.ts) because a form can be posted without us.
// Errors are i18n keys under `forms.errors`.
import type { ContactField, NewsletterField } from "./form-outcomes";

export const LIMITS = { email: 254, name: 120, company: 160, message: 5000 } as const;

/** Pragmatic: something@domain.tld, no spaces. The provider has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export interface NewsletterInput {
  email: string;
  consent: boolean;
}

export interface ContactInput {
  name: string;
  email: string;
  company: string;
  message: string;
  consent: boolean;
  /** English product ids attached to the enquiry. */
  products: number[];
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};
const checked = (form: FormData, name: string) => {
  const value = form.get(name);
  return value === "on" || value === "1" || value === "true" || value === "yes";
};

export const MAX_ATTACHED_PRODUCTS = 100;

export function readNewsletter(form: FormData): NewsletterInput {
  return { email: text(form, "email"), consent: checked(form, "consent") };
}

export function readContact(form: FormData): ContactInput {
  const products = [
    ...new Set(
      form
        .getAll("product")
        .map(String)
        .filter((v) => /^[1-9]\d{0,9}$/.test(v))
        .map(Number),
    ),
  ].slice(0, MAX_ATTACHED_PRODUCTS);
  return {
    name: text(form, "name"),
    email: text(form, "email"),
    company: text(form, "company"),
    message: text(form, "message"),
    consent: checked(form, "consent"),
    products,
  };
}

function emailError(email: string): string | undefined {
  if (!email) return "forms.errors.emailRequired";
  if (email.length > LIMITS.email || !EMAIL_PATTERN.test(email)) return "forms.errors.emailInvalid";
  return undefined;
}

export function validateNewsletter(input: NewsletterInput): Partial<Record<NewsletterField, string>> {
  const errors: Partial<Record<NewsletterField, string>> = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (!input.consent) errors.consent = "forms.errors.consentRequired";
  return errors;
}

export function validateContact(input: ContactInput): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  if (!input.name) errors.name = "forms.errors.nameRequired";
  else if (input.name.length > LIMITS.name) errors.name = "forms.errors.tooLong";
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (input.company.length > LIMITS.company) errors.company = "forms.errors.tooLong";
  if (!input.message) errors.message = "forms.errors.messageRequired";
  else if (input.message.length > LIMITS.message) errors.message = "forms.errors.tooLong";
  if (!input.consent) errors.consent = "forms.errors.consentRequired";
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
