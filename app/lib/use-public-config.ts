import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "../../common/public-config";
import { LANGS, type Lang } from "../../common/locale";

/** The public configuration the root loader hands to the browser (server/config.ts fills it). */
export function usePublicConfig(): Partial<PublicConfig> & Pick<PublicConfig, "localeCookie"> {
  const data = useRouteLoaderData<{ config?: PublicConfig }>("root");
  return data?.config ?? { localeCookie: { domain: undefined, secure: false } };
}

/** The languages the site serves (root loader: those WordPress serves, or SITE_LANGUAGES). */
export function useServedLanguages(): readonly Lang[] {
  const data = useRouteLoaderData<{ languages?: Lang[] }>("root");
  return data?.languages ?? LANGS;
}
