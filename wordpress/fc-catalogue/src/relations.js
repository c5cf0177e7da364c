/**
 * Relations chosen by name, with search: one item (ComboboxControl) or an ordered list
 * (FormTokenField). Suggestions are the published items of the target type in the edited item's
 * language, read in REST's `view` context: what anyone may read, so an Author finds every
 * published designer, collection, exclusive and product (the `edit` context would answer them 403,
 * or only their own products). An id is never typed.
 *
 * A stored choice that is no longer published (trashed, deleted, unpublished since) is named as
 * such — "in the trash" — with a button that clears it (config.unavailable, from PHP); it never
 * looks like an empty field, and it does not stop the item's other fields from being saved.
 */
/** @jsxRuntime classic */
/** @jsx createElement */
import { createElement, useState } from "@wordpress/element";
import { Button, ComboboxControl, FormTokenField, Notice } from "@wordpress/components";
import { useSelect } from "@wordpress/data";
import { decodeEntities } from "@wordpress/html-entities";
import { __, sprintf } from "@wordpress/i18n";

export const titleOf = (record) =>
  decodeEntities(record?.title?.rendered || record?.title?.raw || "") || `#${record?.id}`;

const config = () => window.fcCatalogue || {};

/** The help under a relation field: how to find an item of `target` (from PHP, in the editor's language). */
const searchHelp = (target) => config().types?.[target]?.search;

/** A stored relation that is not published: `{state, title?}`, or undefined for a usable one. */
export function unavailable(id) {
  return config().unavailable?.[id];
}

/** How the screen names an unavailable item: “Giulia Neri” (in the trash), #51 (deleted), … */
export function unavailableLabel(id) {
  const item = unavailable(id);
  const name = item?.title
    ? sprintf(/* translators: %s: an item's title */ __("“%s”", "fc-catalogue"), item.title)
    : `#${id}`;
  switch (item?.state) {
    case "trash":
      /* translators: %s: an item's title in quotes, or its id */
      return sprintf(__("%s (in the trash)", "fc-catalogue"), name);
    case "draft":
      /* translators: %s: an item's title in quotes, or its id */
      return sprintf(__("%s (not published)", "fc-catalogue"), name);
    default:
      /* translators: %s: an item's id */
      return sprintf(__("%s (deleted)", "fc-catalogue"), name);
  }
}

/** Published items of `target` whose title matches `search`, plus the given ids (so chosen items always have a name). */
export function useItems(target, search, ids, language) {
  return useSelect(
    (select) => {
      const core = select("core");
      const query = {
        context: "view",
        per_page: 20,
        search: search || undefined,
        orderby: search ? "relevance" : "title",
        order: search ? "desc" : "asc",
        _fields: "id,title",
      };
      if (language) query.lang = language;
      const found = core.getEntityRecords("postType", target, query) || [];
      const chosen = ids.length
        ? core.getEntityRecords("postType", target, {
            context: "view",
            include: ids,
            per_page: 100,
            _fields: "id,title",
          }) || []
        : [];
      return { found, chosen };
    },
    [target, search, ids.join(","), language],
  );
}

/** A stored choice that is no longer usable: what happened to it, and a button that clears it. */
function UnavailableNotice({ label, id, onClear }) {
  return (
    <Notice status="warning" isDismissible={false} className="fc-catalogue-unavailable">
      {/* translators: 1: a field's name, 2: the item it points at and what happened to it */}
      <p>{sprintf(__("%1$s: %2$s. The site no longer shows it.", "fc-catalogue"), label, unavailableLabel(id))}</p>
      <Button variant="secondary" onClick={onClear}>
        {/* translators: %s: a field's name */}
        {sprintf(__("Clear %s", "fc-catalogue"), label)}
      </Button>
    </Notice>
  );
}

export function RelationControl({ label, target, value, language, onChange }) {
  const [search, setSearch] = useState("");
  const lost = value && unavailable(value) ? value : 0;
  const { found, chosen } = useItems(target, search, value && !lost ? [value] : [], language);
  const options = [...chosen, ...found.filter((r) => !chosen.some((c) => c.id === r.id))].map((r) => ({
    value: String(r.id),
    label: titleOf(r),
  }));
  return (
    <div className="fc-catalogue-relation">
      {lost ? <UnavailableNotice label={label} id={lost} onClear={() => onChange(0)} /> : null}
      <ComboboxControl
        label={label}
        value={value && !lost ? String(value) : null}
        options={options}
        onFilterValueChange={setSearch}
        onChange={(chosenValue) => onChange(chosenValue ? parseInt(chosenValue, 10) : 0)}
        help={searchHelp(target)}
      />
    </div>
  );
}

export function RelationsControl({ label, target, value, language, onChange }) {
  const [search, setSearch] = useState("");
  const { found, chosen } = useItems(
    target,
    search,
    value.filter((id) => !unavailable(id)),
    language,
  );
  const byId = new Map([...chosen, ...found].map((r) => [r.id, titleOf(r)]));
  const tokens = value.map((id) => (unavailable(id) ? unavailableLabel(id) : byId.get(id) || `#${id}`));
  const suggestions = found.filter((r) => !value.includes(r.id)).map(titleOf);
  const lost = value.filter((id) => unavailable(id));
  return (
    <div className="fc-catalogue-relations">
      {lost.map((id) => (
        <UnavailableNotice
          key={id}
          label={label}
          id={id}
          onClear={() => onChange(value.filter((other) => other !== id))}
        />
      ))}
      <FormTokenField
        label={label}
        value={tokens}
        suggestions={suggestions}
        onInputChange={setSearch}
        __experimentalExpandOnFocus
        __experimentalShowHowTo={false}
        onChange={(next) => {
          const ids = [];
          for (const token of next) {
            const name = typeof token === "string" ? token : token.value;
            const at = tokens.indexOf(name);
            const id = at >= 0 ? value[at] : [...byId.entries()].find(([, title]) => title === name)?.[0];
            if (id && !ids.includes(id)) ids.push(id);
          }
          onChange(ids);
        }}
      />
      <p className="components-form-token-field__help">{searchHelp(target)}</p>
    </div>
  );
}
