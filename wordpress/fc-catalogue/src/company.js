/** The front page's company details: the site's footer, contact page and structured data. */
/** @jsxRuntime classic */
/** @jsx createElement */
import { createElement } from "@wordpress/element";
import { Button, TextControl } from "@wordpress/components";
import { Group } from "./group";

export function CompanyControl({ label, value, parts, onChange }) {
  const company = value && typeof value === "object" ? value : {};
  const social = Array.isArray(company.social) ? company.social : [];
  const set = (patch) => onChange({ ...Object.fromEntries(Object.keys(parts).map((k) => [k, company[k] ?? ""])), social, ...patch });
  return (
    <Group label={label} className="fc-catalogue-company">
      <fieldset>
        <legend className="screen-reader-text">{label}</legend>
        {Object.entries(parts).map(([key, partLabel]) => (
          <TextControl key={key} label={partLabel} type={key === "email" ? "email" : "text"} value={company[key] ?? ""} onChange={(typed) => set({ [key]: typed })} />
        ))}
        {social.map((link, index) => (
          <div key={index} className="fc-catalogue-social">
            <TextControl label={`Social network ${index + 1}`} value={link.network ?? ""} onChange={(network) => set({ social: social.map((l, i) => (i === index ? { ...l, network } : l)) })} />
            <TextControl label={`Social link ${index + 1}`} type="url" value={link.url ?? ""} onChange={(url) => set({ social: social.map((l, i) => (i === index ? { ...l, url } : l)) })} />
            <Button variant="link" isDestructive onClick={() => set({ social: social.filter((_, i) => i !== index) })}>
              {`Remove social link ${index + 1}`}
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => set({ social: [...social, { network: "", url: "" }] })}>
          Add a social link
        </Button>
      </fieldset>
    </Group>
  );
}
