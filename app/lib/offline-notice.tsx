// What the visitor is told about the connection and the site's version: offline (pages visited
// before remain available), back online, and "a new version is ready" (it loads with the next
// page). While offline, or once a new version waits, following a link loads the target as a full
// document (caught on the click, before React Router's own handler): offline, the service worker
// answers with the page it kept or the offline page instead of a failed data request; with a new
// version, the new worker takes over and the page comes with the new build. Navigations that are
// not link clicks (back, forward, forms) are handed over when they start or, at the latest, once
// they are done.
import { useEffect, useRef, useState } from "react";
import { createPath, useLocation, useNavigation } from "react-router";
import {
  checkForUpdate,
  followedLink,
  handOverTo,
  isUpdateReady,
  registerServiceWorker,
  useOnline,
  useUpdateReady,
} from "./offline";
import { useT } from "./i18n";
import "./offline-notice.css";

export function SiteStatus() {
  const t = useT();
  const online = useOnline();
  const updateReady = useUpdateReady();
  const navigation = useNavigation();
  const location = useLocation();
  const [backOnline, setBackOnline] = useState(false);
  const wasOffline = useRef(false);

  useEffect(() => {
    if (import.meta.env.PROD) registerServiceWorker();
  }, []);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setBackOnline(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBackOnline(true);
    const timer = setTimeout(() => setBackOnline(false), 4000);
    return () => clearTimeout(timer);
  }, [online]);

  // Capture phase on the document: before React Router's link handler, which then stands back
  // (the click is default-prevented).
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isUpdateReady() && navigator.onLine) return;
      const href = followedLink(event, window.location);
      if (!href) return;
      event.preventDefault();
      if (!handOverTo(href)) window.location.assign(href);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    checkForUpdate();
    handOverTo(createPath(location));
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  const target = navigation.state === "loading" && !navigation.formMethod ? createPath(navigation.location) : undefined;
  useEffect(() => {
    if (!target) return;
    if (handOverTo(target)) return;
    if (!navigator.onLine) window.location.assign(target);
  }, [target]);

  const message = !online
    ? t("offline.status")
    : updateReady
      ? t("offline.updateReady")
      : backOnline
        ? t("offline.backOnline")
        : "";
  return (
    <div
      className="site-status"
      role="status"
      aria-live="polite"
      data-state={!online ? "offline" : updateReady ? "update" : backOnline ? "online" : "idle"}
    >
      {message ? <p className="site-status__message">{message}</p> : null}
    </div>
  );
}
