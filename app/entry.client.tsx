// Browser start: load the page language's messages first, then hydrate, so the first render in
// the browser says exactly what the server rendered (no flash of the other language).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadMessages } from "./lib/i18n";
import { DEFAULT_LANG, langFromPath } from "../common/locale";
import { installChunkReloadGuard } from "./lib/chunk-reload";
import { stopRecordingEarlyClicks } from "./lib/early-clicks";

installChunkReloadGuard();

const lang = langFromPath(window.location.pathname);
void Promise.all([loadMessages(lang), lang === DEFAULT_LANG ? undefined : loadMessages(DEFAULT_LANG)]).then(() => {
  stopRecordingEarlyClicks();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
