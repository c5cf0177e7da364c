// The captcha badge is hidden (spec §9); the provider then requires this notice instead.
import { Trans } from "react-i18next";

export function CaptchaNotice() {
  return (
    <p className="form__captcha-notice">
      <Trans
        i18nKey="forms.captchaNotice"
        components={{
          privacy: <a href="https://policies.google.com/privacy" rel="noopener" target="_blank" />,
          terms: <a href="https://policies.google.com/terms" rel="noopener" target="_blank" />,
        }}
      />
    </p>
  );
}
