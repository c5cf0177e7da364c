// The outcome of a form, said once in the page's language: a status for success, an alert for
// anything the visitor must act on. Provider details never show.
import type { FormOutcome } from "../../../common/form-outcomes";
import type { ClientStatus } from "./use-integration-form";
import { useT } from "../../lib/i18n";

export function FormStatus({
  outcome,
  client,
  success,
  unavailable,
}: {
  outcome: FormOutcome<string> | undefined;
  client: ClientStatus;
  success: (already: boolean) => string;
  unavailable: string;
}) {
  const t = useT();
  let message: string | undefined;
  let ok = false;
  if (client === "offline") message = t("forms.status.offline");
  else if (client === "captcha") message = t("forms.status.captcha");
  else if (outcome) {
    switch (outcome.status) {
      case "ok":
        ok = true;
        message = success(!!outcome.already);
        break;
      case "invalid":
        message = t("forms.errors.summary");
        break;
      case "unavailable":
        message = unavailable;
        break;
      case "rate-limited":
        message = t("forms.status.rateLimited", { count: Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60)) });
        break;
      case "captcha":
        message = t("forms.status.captcha");
        break;
      case "failed":
        message = t("forms.status.failed");
        break;
    }
  }
  // Two live regions that are always there, so a message appearing in either is announced.
  return (
    <div className="form__status">
      <div role="status">
        {message && ok ? (
          <p className="form__message" data-state="ok">
            {message}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {message && !ok ? (
          <p className="form__message" data-state="error">
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
