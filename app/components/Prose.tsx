// Long-form WordPress HTML. It arrives sanitised on the server (server/content/sanitize.ts) with
// an allow-list, and with links to WordPress already rewritten to the site's routes.
export function Prose({ html, className }: { html: string; className?: string }) {
  return <div className={`prose ${className ?? ""}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
