// The services loaders and actions reach through the router context (app/lib/context.ts), in the
// shape the app uses them. server/main.ts builds them once (server/integrations,
// server/content/site-languages.ts, server/runtime/turns.ts), each implementing its shape here, so
// the app needs nothing from server/ to name them.
import type { Lang } from "./locale";
import type { ContactOutcome, IntegrationFlags, NewsletterOutcome } from "./form-outcomes";

export interface SubmissionMeta {
  /** The visitor's IP as TRUST_PROXY lets it be read: the rate-limit key. */
  ip: string;
  lang: Lang;
  /** The request's Sec-Fetch-Site: a cross-site post is refused (no form of ours sends one). */
  fetchSite?: string | null;
}

export interface NewsletterService {
  readonly enabled: boolean;
  submit(form: FormData, meta: SubmissionMeta): Promise<NewsletterOutcome>;
}

export interface ContactService {
  readonly enabled: boolean;
  /** `describeProducts` turns attached English product ids into lines for the message. */
  submit(
    form: FormData,
    meta: SubmissionMeta & { describeProducts(ids: number[]): Promise<string[]> },
  ): Promise<ContactOutcome>;
}

/** The forms' services and which of them are on (the flags are all the browser learns of them). */
export interface FormServices {
  newsletter: NewsletterService;
  contact: ContactService;
  flags: IntegrationFlags;
}

/** The languages served: those WordPress serves (or SITE_LANGUAGES), a runtime fact. */
export interface ServedLanguages {
  served(): readonly Lang[];
  isServed(lang: Lang): boolean;
}

/** Turns of the process's document renders: resolves when it is the caller's, with the function that ends it. */
export interface RenderTurns {
  take(): Promise<() => void>;
}
