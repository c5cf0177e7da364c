// Page transition "page", mode out-in: while the next page loads the current one fades
// out; the new one fades in when it mounts. Keyed on the list path, so opening a product dialog
// does not fade the list beneath it. CSS turns it off under prefers-reduced-motion.
// The page the server sent does not fade in (see lib/hydration): only pages after it do.
import { useRef } from "react";
import { useNavigation } from "react-router";
import { listPathOf } from "../../common/locale";
import { isHydrated } from "../lib/hydration";

export function PageTransition({ pageKey, children }: { pageKey: string; children: React.ReactNode }) {
  const navigation = useNavigation();
  const leaving =
    navigation.state === "loading" &&
    navigation.location !== undefined &&
    listPathOf(navigation.location.pathname) !== pageKey;
  // The server's page, until the visitor leaves it; from then on every page enters with the fade.
  const serverPage = useRef<string | null>(isHydrated() ? null : pageKey);
  if (serverPage.current !== pageKey) serverPage.current = null;
  const enter = serverPage.current === null;
  return (
    <div
      key={pageKey}
      className={enter ? "page-transition page-transition--enter" : "page-transition"}
      data-name="page"
      data-mode="out-in"
      data-leaving={leaving || undefined}
    >
      {children}
    </div>
  );
}
