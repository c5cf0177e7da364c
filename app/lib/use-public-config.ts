import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "../../server/config";

/** The public configuration the root loader hands to the browser (server/config.ts allow-list). */
export function usePublicConfig(): Partial<PublicConfig> & Pick<PublicConfig, "localeCookie"> {
  const data = useRouteLoaderData("root") as { config?: PublicConfig } | undefined;
  return data?.config ?? { localeCookie: { domain: undefined, secure: false } };
}
