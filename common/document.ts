// Facts about the document the server sends that the page's own code and the server's headers
// both rely on.

/**
 * The type that keeps the hydration script from running until the loader starts it
 * (app/lib/document-html.ts); the Content-Security-Policy hashes scripts of this type too.
 */
export const INERT_HYDRATION_TYPE = "text/fc-hydration";
