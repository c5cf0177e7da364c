// A navigation whose code or data has not arrived after 120 s is a failed chunk load (spec §8):
// reload, under the same once-a-minute guard as a chunk that failed outright.
import { useEffect } from "react";
import { useNavigation } from "react-router";
import { CHUNK_TIMEOUT_MS, reloadAfterChunkFailure } from "./chunk-reload";

export function useChunkTimeoutGuard() {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state !== "loading") return;
    const timer = window.setTimeout(() => reloadAfterChunkFailure(), CHUNK_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [navigation.state, navigation.location?.key]);
}
