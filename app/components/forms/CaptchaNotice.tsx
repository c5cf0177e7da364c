// The captcha badge is hidden; the provider then requires this notice instead.
import { Trans } from "react-i18next";

export function CaptchaNotice() {
  return (
    <p className="form__captcha-notice">
      <Trans
        i18nKey="forms.captchaNotice"
        // The links' text is the translation's (<privacy>…</privacy> in the message).
        components={{
          // eslint-disable-next-line jsx-a11y/anchor-has-content
          privacy: <a href="https://policies.google.com/privacy" rel="noopener" target="_blank" />,
          // eslint-disable-next-line jsx-a11y/anchor-has-content
          terms: <a href="https://policies.google.com/terms" rel="noopener" target="_blank" />,
        }}
      />
    </p>
  );
}
