// Links that prefetch their page when they come into view (spec §2): scheduled with
// requestIdleCallback (at most 2 s later, the spec's idle timeout), and skipped when the
// connection is slow or the visitor saves data.
import { useEffect, useRef, useState, type ComponentProps } from "react";
import { Link, PrefetchPageLinks, useHref } from "react-router";

export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !["slow-2g", "2g"].includes(connection.effectiveType ?? "");
}

type SmartLinkProps = ComponentProps<typeof Link> & { prefetchOnView?: boolean };

export function SmartLink({ prefetchOnView = true, to, ...rest }: SmartLinkProps) {
  const ref = useRef<HTMLAnchorElement>(null);
  const [prefetch, setPrefetch] = useState(false);
  const href = useHref(to);
  const internal = typeof to !== "string" || to.startsWith("/");

  useEffect(() => {
    const element = ref.current;
    if (!prefetchOnView || !internal || !element || typeof IntersectionObserver === "undefined") return;
    const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
    if (!prefetchAllowed(connection)) return;
    let idleHandle: number | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      const schedule = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1));
      idleHandle = schedule(() => setPrefetch(true), { timeout: PREFETCH_IDLE_TIMEOUT_MS });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (idleHandle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idleHandle);
    };
  }, [prefetchOnView, internal, href]);

  return (
    <>
      <Link ref={ref} to={to} prefetch="none" {...rest} />
      {prefetch ? <PrefetchPageLinks page={href} /> : null}
    </>
  );
}
