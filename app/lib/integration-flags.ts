import { useRouteLoaderData } from "react-router";
import type { IntegrationFlags } from "../../server/integrations/types";

const OFF: IntegrationFlags = { newsletter: false, contact: false, captcha: false };

/** Which integrations are on (the root loader's `features`: booleans only, never keys). */
export function useIntegrationFlags(): IntegrationFlags {
  const data = useRouteLoaderData("root") as { features?: IntegrationFlags } | undefined;
  return data?.features ?? OFF;
}
