// The contact page: the WordPress page, then the contact form (integrations issue).
export { loader, meta, default } from "./company-page";
