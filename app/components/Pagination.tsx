import { SmartLink } from "./SmartLink";
import { useT } from "../lib/i18n";

export function Pagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  const t = useT();
  if (totalPages <= 1) return null;
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === totalPages || Math.abs(p - page) <= 2,
  );
  return (
    <nav className="pagination" aria-label={t("products.pagination")}>
      {page > 1 ? (
        <SmartLink rel="prev" to={hrefFor(page - 1)}>
          {t("products.previous")}
        </SmartLink>
      ) : (
        <span aria-hidden="true" />
      )}
      <ol>
        {pages.map((p, i) => (
          <li key={p}>
            {i > 0 && p - pages[i - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
            {p === page ? (
              <span aria-current="page">{p}</span>
            ) : (
              <SmartLink to={hrefFor(p)} aria-label={t("products.page", { n: p })}>
                {p}
              </SmartLink>
            )}
          </li>
        ))}
      </ol>
      {page < totalPages ? (
        <SmartLink rel="next" to={hrefFor(page + 1)}>
          {t("products.next")}
        </SmartLink>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
