/** @jsxRuntime classic */
/** @jsx createElement */
import { createElement } from "@wordpress/element";
import { TextControl } from "@wordpress/components";
import { RelationControl, RelationsControl } from "./relations";
import { ImageControl, GalleryControl } from "./media";
import { HotspotsControl } from "./hotspots";
import { CompanyControl } from "./company";

/** The control of one field, by its kind (class-fc-catalogue-fields.php lists the kinds). */
export function FieldControl({ name, field, value, meta, config, onChange }) {
  switch (field.kind) {
    case "text":
      return <TextControl label={field.label} value={value ?? ""} onChange={onChange} />;
    case "year":
      return (
        <TextControl
          label={field.label}
          type="number"
          min={0}
          max={9999}
          value={value ? String(value) : ""}
          onChange={(typed) => onChange(typed === "" ? 0 : Math.max(0, parseInt(typed, 10) || 0))}
        />
      );
    case "relation":
      return (
        <RelationControl
          label={field.label}
          target={field.target}
          value={value || 0}
          language={config.language}
          onChange={onChange}
        />
      );
    case "relations":
      return (
        <RelationsControl
          label={field.label}
          target={field.target}
          value={value || []}
          language={config.language}
          onChange={onChange}
        />
      );
    case "image":
      // An imagemap's scene is shown once, under its hotspots, not a second time as a preview.
      return (
        <ImageControl
          label={field.label}
          value={value || 0}
          preview={!(name === "image" && "hotspots" in meta)}
          onChange={onChange}
        />
      );
    case "gallery":
      return <GalleryControl label={field.label} value={value || []} onChange={onChange} />;
    case "hotspots":
      return (
        <HotspotsControl
          label={field.label}
          value={value || []}
          image={meta.image || 0}
          language={config.language}
          onChange={onChange}
        />
      );
    case "company":
      return <CompanyControl label={field.label} value={value} parts={config.companyParts} onChange={onChange} />;
    default:
      return null;
  }
}
