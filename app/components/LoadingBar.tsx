// The slim loading bar: 2px, gold, pink when the load failed. It appears only for
// loads longer than the 200 ms throttle, creeps towards the end over 5 s, and once shown stays at
// least 200 ms and fades 500 ms after the end, so nothing flashes.
import { useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation } from "react-router";
import { useAppErrors } from "../stores/app-errors";
import { useT } from "../lib/i18n";

export const LOADING_THROTTLE_MS = 200;
export const LOADING_DURATION_MS = 5000;
export const LOADING_HIDE_AFTER_MS = 500;
export const LOADING_MIN_VISIBLE_MS = 200;

type Phase = "idle" | "running" | "finishing";

export function LoadingBar() {
  const t = useT();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const lastErrorAt = useAppErrors((s) => s.errors.at(-1)?.at ?? 0);
  const [phase, setPhase] = useState<Phase>("idle");
  const [failed, setFailed] = useState(false);
  const startedAt = useRef(0);
  const shownAt = useRef(0);

  useEffect(() => {
    if (busy) {
      startedAt.current = Date.now();
      const timer = window.setTimeout(() => {
        shownAt.current = Date.now();
        setFailed(false);
        setPhase("running");
      }, LOADING_THROTTLE_MS);
      return () => window.clearTimeout(timer);
    }
    if (shownAt.current === 0) return;
    const wait = Math.max(0, LOADING_MIN_VISIBLE_MS - (Date.now() - shownAt.current));
    const finish = window.setTimeout(() => {
      setFailed(lastErrorAt >= startedAt.current);
      setPhase("finishing");
    }, wait);
    const hide = window.setTimeout(() => {
      shownAt.current = 0;
      setPhase("idle");
    }, wait + LOADING_HIDE_AFTER_MS);
    return () => {
      window.clearTimeout(finish);
      window.clearTimeout(hide);
    };
  }, [busy, lastErrorAt]);

  return (
    <div
      className="loading-bar"
      data-phase={phase}
      data-failed={failed || undefined}
      role="progressbar"
      aria-label={t("loading")}
      aria-hidden={phase === "idle"}
      style={{ ["--loading-duration" as string]: `${LOADING_DURATION_MS}ms` }}
    />
  );
}
