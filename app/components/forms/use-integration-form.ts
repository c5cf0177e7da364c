// The browser side of a form that posts to a route action: checks the fields first (messages in
// the page's language), asks the captcha token for the form's action, then submits through a
// fetcher (no reload). Without JavaScript the same <form> posts as a plain form and the action's
// answer comes back with the page (useActionData).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { FormOutcome } from "../../../common/form-outcomes";
import { reportClientError } from "../../lib/client-error-reporter";
import { useCaptcha, useHydrated } from "./use-captcha";

export type ClientStatus = "captcha" | "offline" | null;

export function useIntegrationForm<F extends string>(options: {
  key: string;
  action: string;
  captchaAction: "newsletter" | "contact";
  validate: (form: FormData) => Partial<Record<F, string>>;
}) {
  const fetcher = useFetcher<FormOutcome<F>>({ key: options.key });
  const captcha = useCaptcha(options.captchaAction);
  const formRef = useRef<HTMLFormElement>(null);
  // Until hydration the browser's own checks stand in for ours (and the form posts as a page).
  const hydrated = useHydrated();
  const [clientErrors, setClientErrors] = useState<Partial<Record<F, string>>>({});
  const [clientStatus, setClientStatus] = useState<ClientStatus>(null);
  const [gettingToken, setGettingToken] = useState(false);

  const outcome = fetcher.data;
  useEffect(() => {
    if (outcome?.status === "ok") formRef.current?.reset();
  }, [outcome]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const errors = options.validate(data);
    setClientErrors(errors);
    setClientStatus(null);
    const first = Object.keys(errors)[0];
    if (first) {
      (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    if (!navigator.onLine) {
      setClientStatus("offline");
      return;
    }
    if (captcha.enabled) {
      setGettingToken(true);
      try {
        const token = await captcha.token();
        if (token) data.set("captcha", token);
      } catch (error) {
        reportClientError(error);
        setClientStatus("captcha");
        return;
      } finally {
        setGettingToken(false);
      }
    }
    void fetcher.submit(data, { method: "post", action: options.action });
  };

  const busy = gettingToken || fetcher.state === "submitting";
  return {
    fetcher,
    formRef,
    onSubmit,
    /** What every such <form> carries: it posts to the action, and is checked by us once hydrated. */
    formProps: {
      ref: formRef,
      method: "post" as const,
      action: options.action,
      noValidate: hydrated,
      onSubmit,
      onFocus: captcha.prepare,
      onInput: captcha.prepare,
      "aria-busy": busy || undefined,
    },
    /** Fetch the captcha script as soon as the visitor starts using the form. */
    onInteract: captcha.prepare,
    captchaEnabled: captcha.enabled,
    clientErrors,
    clientStatus,
    // "loading" after an action is React Router revalidating the page: the answer is already here.
    busy,
  };
}
