// One labelled form field with its error: the error is tied to the control (aria-describedby,
// aria-invalid) and written in the page's language.
import { useId } from "react";
import { useT } from "../../lib/i18n";

interface FieldProps {
  name: string;
  label: string;
  error?: string;
  defaultValue?: string;
  type?: "text" | "email";
  required?: boolean;
  optionalLabel?: boolean;
  autoComplete?: string;
  maxLength?: number;
  multiline?: boolean;
  inputMode?: "email" | "text";
}

export function Field({
  name,
  label,
  error,
  defaultValue,
  type = "text",
  required,
  optionalLabel,
  autoComplete,
  maxLength,
  multiline,
  inputMode,
}: FieldProps) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    defaultValue,
    required,
    maxLength,
    autoComplete,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  return (
    <div className="form__field" data-invalid={error ? "" : undefined}>
      <label htmlFor={id}>
        {label}
        {optionalLabel ? <span className="form__optional"> {t("forms.optional")}</span> : null}
      </label>
      {multiline ? (
        <textarea {...common} rows={6} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} spellCheck={type === "email" ? false : undefined} />
      )}
      {error ? (
        <p className="form__error" id={errorId}>
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

export function Checkbox({
  name,
  error,
  children,
  defaultChecked,
  required,
}: {
  name: string;
  error?: string;
  children: React.ReactNode;
  defaultChecked?: boolean;
  required?: boolean;
}) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form__check" data-invalid={error ? "" : undefined}>
      <input
        type="checkbox"
        id={id}
        name={name}
        value="1"
        required={required}
        defaultChecked={defaultChecked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <label htmlFor={id}>{children}</label>
      {error ? (
        <p className="form__error" id={errorId}>
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A field people never see or fill; simple bots do (server/integrations/forms.ts). */
export function Honeypot() {
  return (
    <div className="form__trap" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
