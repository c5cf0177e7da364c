// Page transition "page", mode out-in (spec §2): while the next page loads the current one fades
// out; the new one fades in when it mounts. Keyed on the list path, so opening a product dialog
// does not fade the list beneath it. CSS turns it off under prefers-reduced-motion.
import { useNavigation } from "react-router";
import { listPathOf } from "../lib/locale";

export function PageTransition({ pageKey, children }: { pageKey: string; children: React.ReactNode }) {
  const navigation = useNavigation();
  const leaving = navigation.state === "loading" && navigation.location !== undefined && listPathOf(navigation.location.pathname) !== pageKey;
  return (
    <div key={pageKey} className="page-transition" data-name="page" data-mode="out-in" data-leaving={leaving || undefined}>
      {children}
    </div>
  );
}
