import { useRouteLoaderData } from "react-router";
import type { IntegrationFlags } from "../../common/form-outcomes";

const OFF: IntegrationFlags = { newsletter: false, contact: false, captcha: false };

/** Which integrations are on (the root loader's `features`: booleans only, never keys). */
export function useIntegrationFlags(): IntegrationFlags {
  const data = useRouteLoaderData<{ features?: IntegrationFlags }>("root");
  return data?.features ?? OFF;
}
