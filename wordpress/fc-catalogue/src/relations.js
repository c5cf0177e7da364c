/**
 * Relations chosen by name, with search: one item (ComboboxControl) or an ordered list
 * (FormTokenField). Suggestions are the published items of the target type in the edited item's
 * language; an id is never typed.
 */
/** @jsxRuntime classic */
/** @jsx createElement */
import { createElement, useState } from "@wordpress/element";
import { ComboboxControl, FormTokenField } from "@wordpress/components";
import { useSelect } from "@wordpress/data";
import { decodeEntities } from "@wordpress/html-entities";

export const titleOf = (record) => decodeEntities(record?.title?.rendered || record?.title?.raw || "") || `#${record?.id}`;

/** Published items of `target` whose title matches `search`, plus the given ids (so chosen items always have a name). */
export function useItems(target, search, ids, language) {
  return useSelect(
    (select) => {
      const core = select("core");
      const query = { per_page: 20, search: search || undefined, orderby: search ? "relevance" : "title", order: search ? "desc" : "asc", _fields: "id,title" };
      if (language) query.lang = language;
      const found = core.getEntityRecords("postType", target, query) || [];
      const chosen = ids.length ? core.getEntityRecords("postType", target, { include: ids, per_page: 100, _fields: "id,title" }) || [] : [];
      return { found, chosen };
    },
    [target, search, ids.join(","), language],
  );
}

export function RelationControl({ label, target, value, language, onChange }) {
  const [search, setSearch] = useState("");
  const { found, chosen } = useItems(target, search, value ? [value] : [], language);
  const options = [...chosen, ...found.filter((r) => !chosen.some((c) => c.id === r.id))].map((r) => ({ value: String(r.id), label: titleOf(r) }));
  return (
    <div className="fc-catalogue-relation">
      <ComboboxControl
        label={label}
        value={value ? String(value) : null}
        options={options}
        onFilterValueChange={setSearch}
        onChange={(chosenValue) => onChange(chosenValue ? parseInt(chosenValue, 10) : 0)}
        help={`Type to search ${target.replace(/_products$/, "s").replace(/_/g, " ")} by name.`}
      />
    </div>
  );
}

export function RelationsControl({ label, target, value, language, onChange }) {
  const [search, setSearch] = useState("");
  const { found, chosen } = useItems(target, search, value, language);
  const byId = new Map([...chosen, ...found].map((r) => [r.id, titleOf(r)]));
  const tokens = value.map((id) => byId.get(id) || `#${id}`);
  const suggestions = found.filter((r) => !value.includes(r.id)).map(titleOf);
  return (
    <div className="fc-catalogue-relations">
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
    </div>
  );
}
