// What the visitor is told about the connection and the site's version: offline (pages visited
// before remain available), back online, and "a new version is ready" (it loads with the next
// page). While offline, a navigation loads the target as a full document, so the service worker
// answers it with the page it kept or the offline page, instead of a failed data request.
import { useEffect, useRef, useState } from "react";
import { createPath, useLocation, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { checkForUpdate, handOverTo, registerServiceWorker, useOnline, useUpdateReady } from "./offline";
import "./offline-notice.css";

export function SiteStatus() {
  const { t } = useTranslation();
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

  useEffect(() => {
    checkForUpdate();
  }, [location.pathname]);

  const target = navigation.state === "loading" && !navigation.formMethod ? createPath(navigation.location) : undefined;
  useEffect(() => {
    if (!target) return;
    if (handOverTo(target)) return;
    if (!navigator.onLine) window.location.assign(target);
  }, [target]);

  const message = !online ? t("offline.status") : updateReady ? t("offline.updateReady") : backOnline ? t("offline.backOnline") : "";
  return (
    <div className="site-status" role="status" aria-live="polite" data-state={!online ? "offline" : updateReady ? "update" : backOnline ? "online" : "idle"}>
      {message ? <p className="site-status__message">{message}</p> : null}
    </div>
  );
}
