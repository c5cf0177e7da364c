// The quiet filter bar above the grid: category, colour swatches, sort and a search
// box, all plain GET form fields, so filters live in the URL and work without JavaScript.
import { Form, useNavigate } from "react-router";
import type { Category, Colour, ProductSort } from "../../common/content";
import { useT } from "../lib/i18n";

export const SORTS: ProductSort[] = ["newest", "oldest", "name", "name-desc"];

/** What the filters show of a category or colour: the page carries no more (its data is inlined). */
export type CategoryChoice = Pick<Category, "id" | "slug" | "name">;
export type ColourChoice = Pick<Colour, "id" | "slug" | "name" | "hex">;

export function filterChoices(
  categories: Category[],
  colours: Colour[],
): { categories: CategoryChoice[]; colours: ColourChoice[] } {
  return {
    categories: categories.map(({ id, slug, name }) => ({ id, slug, name })),
    colours: colours.map(({ id, slug, name, hex }) => ({ id, slug, name, hex })),
  };
}

export function ProductFilters({
  categories,
  colours,
  current,
  action,
}: {
  categories: CategoryChoice[];
  colours: ColourChoice[];
  current: { category?: string; colour?: string; sort: ProductSort; q?: string };
  action: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  // With JavaScript the address keeps only the filters in use (no empty or default values);
  // without it the plain GET form still works.
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "" && !(name === "sort" && value === "newest"))
        params.set(name, value.trim());
    }
    const qs = params.toString();
    void navigate(qs ? `${action}?${qs}` : action, { preventScrollReset: true });
  };
  return (
    <Form
      method="get"
      action={action}
      className="filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        apply(e.currentTarget);
      }}
      onChange={(e) => {
        const field = e.target as unknown as HTMLInputElement;
        if (field.tagName !== "INPUT" || field.type === "radio") apply(e.currentTarget);
      }}
    >
      <div className="filters__field">
        <label htmlFor="filter-q">{t("products.search")}</label>
        <input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={current.q ?? ""}
          maxLength={100}
          placeholder={t("products.searchPlaceholder")}
        />
      </div>
      <div className="filters__field">
        <label htmlFor="filter-category">{t("products.category")}</label>
        <select id="filter-category" name="category" defaultValue={current.category ?? ""}>
          <option value="">{t("products.all")}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="filters__swatches">
        <legend>{t("products.colour")}</legend>
        <label className="swatch-option">
          <input type="radio" name="colour" value="" defaultChecked={!current.colour} />
          <span className="swatch swatch--all" aria-hidden="true" />
          <span className="visually-hidden">{t("products.allColours")}</span>
        </label>
        {colours.map((c) => (
          <label key={c.id} className="swatch-option" title={c.name}>
            <input type="radio" name="colour" value={c.slug} defaultChecked={current.colour === c.slug} />
            <span className="swatch" style={{ background: c.hex }} aria-hidden="true" />
            <span className="visually-hidden">{c.name}</span>
          </label>
        ))}
      </fieldset>
      <div className="filters__field">
        <label htmlFor="filter-sort">{t("products.sort")}</label>
        <select id="filter-sort" name="sort" defaultValue={current.sort}>
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`products.sorts.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--quiet filters__apply">
        {t("products.apply")}
      </button>
    </Form>
  );
}
