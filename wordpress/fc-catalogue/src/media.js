/**
 * Images from the media library: one (Scene image, Hero image: the field's name labels the group,
 * its buttons say "Choose image", "Remove image") or an ordered Gallery, whose
 * images move up and down with buttons (keyboard and screen reader usable) and are removed one by
 * one. The first image of a gallery is the one the product's card shows.
 */
/** @jsxRuntime classic */
/** @jsx createElement */
import { createElement } from "@wordpress/element";
import { Button } from "@wordpress/components";
import { Group } from "./group";
import { MediaUpload, MediaUploadCheck } from "@wordpress/block-editor";
import { useSelect } from "@wordpress/data";
import { __, sprintf } from "@wordpress/i18n";

/** An image's record in REST's `view` context: an Author may see any image, not only their own uploads. */
export function useImage(id) {
  return useSelect(
    (select) => (id ? select("core").getEntityRecord("root", "media", id, { context: "view" }) : null),
    [id],
  );
}

export function imageUrl(media, size = "thumbnail") {
  if (!media) return "";
  return media.media_details?.sizes?.[size]?.source_url || media.source_url || "";
}

function Thumbnail({ id, size = "thumbnail" }) {
  const media = useImage(id);
  const url = imageUrl(media, size);
  if (!url) return <span className="fc-catalogue-thumb fc-catalogue-thumb-empty">{"#" + id}</span>;
  return <img className="fc-catalogue-thumb" src={url} alt={media.alt_text || media.title?.rendered || ""} />;
}

export function ImageControl({ label, value, preview = true, onChange }) {
  return (
    <Group label={label} className="fc-catalogue-image">
      {value && preview ? <Thumbnail id={value} size="medium" /> : null}
      <MediaUploadCheck>
        <MediaUpload
          title={label}
          allowedTypes={["image"]}
          value={value || undefined}
          onSelect={(media) => onChange(media.id)}
          render={({ open }) => (
            <Button variant="secondary" onClick={open}>
              {value ? __("Replace image", "fc-catalogue") : __("Choose image", "fc-catalogue")}
            </Button>
          )}
        />
      </MediaUploadCheck>
      {value ? (
        <Button variant="link" isDestructive onClick={() => onChange(0)}>
          {__("Remove image", "fc-catalogue")}
        </Button>
      ) : null}
    </Group>
  );
}

function move(list, from, to) {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function GalleryControl({ label, value, onChange }) {
  return (
    <Group
      label={label}
      className="fc-catalogue-gallery"
      help={__("The first image is the product’s main image.", "fc-catalogue")}
    >
      <ol className="fc-catalogue-gallery-list" aria-label={label}>
        {value.map((id, index) => (
          <li key={id} className="fc-catalogue-gallery-item">
            <Thumbnail id={id} />
            <span className="fc-catalogue-gallery-actions">
              <Button
                icon="arrow-up-alt2"
                // translators: %d: an image's position in the gallery
                label={sprintf(__("Move image %d up", "fc-catalogue"), index + 1)}
                disabled={index === 0}
                onClick={() => onChange(move(value, index, index - 1))}
              />
              <Button
                icon="arrow-down-alt2"
                // translators: %d: an image's position in the gallery
                label={sprintf(__("Move image %d down", "fc-catalogue"), index + 1)}
                disabled={index === value.length - 1}
                onClick={() => onChange(move(value, index, index + 1))}
              />
              <Button
                icon="no-alt"
                // translators: %d: an image's position in the gallery
                label={sprintf(__("Remove image %d", "fc-catalogue"), index + 1)}
                isDestructive
                onClick={() => onChange(value.filter((other) => other !== id))}
              />
            </span>
          </li>
        ))}
      </ol>
      <MediaUploadCheck>
        <MediaUpload
          title={label}
          allowedTypes={["image"]}
          multiple="add"
          value={value}
          onSelect={(items) => {
            const chosen = (Array.isArray(items) ? items : [items]).map((m) => m.id);
            // Keep the order already set; newly chosen images go to the end, in the order picked.
            onChange([...value.filter((id) => chosen.includes(id)), ...chosen.filter((id) => !value.includes(id))]);
          }}
          render={({ open }) => (
            <Button variant="secondary" onClick={open}>
              {value.length ? __("Add or remove images", "fc-catalogue") : __("Choose images", "fc-catalogue")}
            </Button>
          )}
        />
      </MediaUploadCheck>
    </Group>
  );
}
