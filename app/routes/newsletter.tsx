// The newsletter page: the WordPress page, then the signup form (integrations issue).
export { loader, meta, default } from "./company-page";
