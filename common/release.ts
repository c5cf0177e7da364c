// The release, written once: package.json's version, for the generator tag and the client-error
// reports (app/root.tsx) and the public configuration (server/main.ts). A named import, so the
// browser's bundle carries the version alone, never the rest of package.json.
import { version } from "../package.json";

export const APP_VERSION: string = version;
