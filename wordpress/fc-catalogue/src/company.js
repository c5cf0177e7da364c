/**
 * The front page's company details: the site's footer, contact page and structured data. What the
 * server cannot store (an email that is not one, a social link that is not a web address: a
 * `javascript:` link) is refused when saving, with the field named; nothing is dropped unseen.
 */
/** @jsxRuntime classic */
/** @jsx createElement */
import { createElement } from "@wordpress/element";
import { Button, TextControl } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { Group } from "./group";

export function CompanyControl({ label, value, parts, onChange }) {
  const company = value && typeof value === "object" ? value : {};
  const social = Array.isArray(company.social) ? company.social : [];
  const set = (patch) =>
    onChange({ ...Object.fromEntries(Object.keys(parts).map((k) => [k, company[k] ?? ""])), social, ...patch });
  return (
    <Group label={label} className="fc-catalogue-company">
      <fieldset>
        <legend className="screen-reader-text">{label}</legend>
        {Object.entries(parts).map(([key, partLabel]) => (
          <TextControl
            key={key}
            label={partLabel}
            type={key === "email" ? "email" : "text"}
            value={company[key] ?? ""}
            onChange={(typed) => set({ [key]: typed })}
          />
        ))}
        {social.map((link, index) => (
          <div key={index} className="fc-catalogue-social">
            <TextControl
              /* translators: %d: a social link's number */
              label={sprintf(__("Social network %d", "fc-catalogue"), index + 1)}
              value={link.network ?? ""}
              onChange={(network) => set({ social: social.map((l, i) => (i === index ? { ...l, network } : l)) })}
            />
            <TextControl
              /* translators: %d: a social link's number */
              label={sprintf(__("Social link %d", "fc-catalogue"), index + 1)}
              help={__("The full address, starting with https://", "fc-catalogue")}
              type="url"
              value={link.url ?? ""}
              onChange={(url) => set({ social: social.map((l, i) => (i === index ? { ...l, url } : l)) })}
            />
            <Button variant="link" isDestructive onClick={() => set({ social: social.filter((_, i) => i !== index) })}>
              {/* translators: %d: a social link's number */}
              {sprintf(__("Remove social link %d", "fc-catalogue"), index + 1)}
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => set({ social: [...social, { network: "", url: "" }] })}>
          {__("Add a social link", "fc-catalogue")}
        </Button>
      </fieldset>
    </Group>
  );
}
