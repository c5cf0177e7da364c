// The footer's way back to the consent banner, and the consent service's hosted privacy and
// cookie policies for the page's language (CONSENT_POLICY_ID_EN / _IT).
import { policyLinks, useConsent } from "../../lib/consent";
import type { Lang } from "../../../common/locale";
import { usePublicConfig } from "../../lib/use-public-config";
import { useT } from "../../lib/i18n";

export function PrivacyLinks({ lang }: { lang: Lang }) {
  const t = useT();
  const config = usePublicConfig();
  const links = policyLinks(config.consentPolicyIds, lang);
  if (!links && !config.gtmId) return null;
  return (
    <ul className="privacy-links">
      {links ? (
        <>
          <li>
            <a href={links.privacy} rel="noopener" target="_blank">
              {t("consent.privacyPolicy")}
            </a>
          </li>
          <li>
            <a href={links.cookie} rel="noopener" target="_blank">
              {t("consent.cookiePolicy")}
            </a>
          </li>
        </>
      ) : null}
      {config.gtmId ? (
        <li>
          <button type="button" className="link-button" onClick={(e) => useConsent.getState().reopen(e.currentTarget)}>
            {t("consent.settings")}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
