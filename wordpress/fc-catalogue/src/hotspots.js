/**
 * Hotspots on the scene image: a click on the image places one there (x and y as percentages of
 * the image), each is linked to a product chosen by name, dragged with the mouse or moved with the
 * arrow keys (Shift: 5 %), removed with Delete or its Remove button. A hotspot let go outside the
 * scene stays where it was, and the control says so (it is never moved to the nearest edge
 * unseen). The sidebar's scene is small: "Place hotspots on a larger scene" opens the same scene
 * in a dialog. Without a scene image there is nothing to place them on: the control says so.
 * (No template literals inside JSX here: gettext's xgettext stops reading a file at one.)
 */
/** @jsxRuntime classic */
/** @jsx createElement */
import { createElement, useRef, useState } from "@wordpress/element";
import { Button, Modal, Notice } from "@wordpress/components";
import { useSelect } from "@wordpress/data";
import { speak } from "@wordpress/a11y";
import { __, sprintf } from "@wordpress/i18n";
import { Group } from "./group";
import { RelationControl, titleOf, unavailable, unavailableLabel } from "./relations";
import { imageUrl, useImage } from "./media";

const round = (v) => Math.round(v * 100) / 100;
const clamp = (v) => Math.min(100, Math.max(0, round(v)));

/** The products' names, for the hotspots' labels. */
function useNames(value) {
  const ids = value.map((s) => s.product).filter((id) => id && !unavailable(id));
  return useSelect(
    (select) => {
      const records = ids.length
        ? select("core").getEntityRecords("postType", "products", {
            context: "view",
            include: ids,
            per_page: 100,
            _fields: "id,title",
          }) || []
        : [];
      return new Map(records.map((r) => [r.id, titleOf(r)]));
    },
    [ids.join(",")],
  );
}

function spotLabel(spot, index, names) {
  let product = __("no product yet", "fc-catalogue");
  if (spot.product)
    product = unavailable(spot.product)
      ? unavailableLabel(spot.product)
      : names.get(spot.product) || `#${spot.product}`;
  /* translators: 1: the hotspot's number, 2: its product, 3: x, 4: y (percentages of the image) */
  return sprintf(__("Hotspot %1$d: %2$s, at %3$s %%, %4$s %%", "fc-catalogue"), index + 1, product, spot.x, spot.y);
}

/**
 * The scene with its hotspots. `onRefused(index)`: a hotspot was let go outside the scene (it was
 * put back where its drag started).
 */
function Scene({ url, value, names, selected, onSelect, onChange, onRefused }) {
  const frame = useRef(null);
  const drag = useRef(null);
  const inside = (event) => {
    const box = frame.current.getBoundingClientRect();
    return (
      event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom
    );
  };
  const at = (event) => {
    const box = frame.current.getBoundingClientRect();
    return {
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    };
  };
  const update = (index, patch) => onChange(value.map((spot, i) => (i === index ? { ...spot, ...patch } : spot)));
  const remove = (index) => {
    onChange(value.filter((_, i) => i !== index));
    onSelect(-1);
  };
  return (
    <div
      ref={frame}
      className="fc-catalogue-scene"
      role="presentation"
      onClick={(event) => {
        if (event.target !== event.currentTarget && !event.target.classList.contains("fc-catalogue-scene-image"))
          return;
        onChange([...value, { product: 0, ...at(event) }]);
        onSelect(value.length);
      }}
    >
      {/* translators: the alternative text of the scene image in the hotspot editor */}
      <img className="fc-catalogue-scene-image" src={url} alt={__("Scene image", "fc-catalogue")} draggable={false} />
      {value.map((spot, index) => (
        <button
          type="button"
          key={index}
          className={
            "fc-catalogue-hotspot" +
            (index === selected ? " is-selected" : "") +
            (spot.product && !unavailable(spot.product) ? "" : " is-unlinked")
          }
          style={{ left: spot.x + "%", top: spot.y + "%" }}
          aria-label={spotLabel(spot, index, names)}
          onClick={(event) => {
            event.stopPropagation();
            onSelect(index);
          }}
          onPointerDown={(event) => {
            event.stopPropagation();
            drag.current = { index, from: { x: spot.x, y: spot.y } };
            event.currentTarget.setPointerCapture?.(event.pointerId);
            onSelect(index);
          }}
          onPointerMove={(event) => {
            if (drag.current?.index === index && inside(event)) update(index, at(event));
          }}
          onPointerUp={(event) => {
            const started = drag.current;
            drag.current = null;
            if (started?.index === index && !inside(event)) {
              update(index, started.from);
              onRefused(index);
            }
          }}
          onKeyDown={(event) => {
            const step = event.shiftKey ? 5 : 1;
            const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
            if (moves[event.key]) {
              event.preventDefault();
              update(index, { x: clamp(spot.x + moves[event.key][0]), y: clamp(spot.y + moves[event.key][1]) });
            } else if (event.key === "Delete" || event.key === "Backspace") {
              event.preventDefault();
              remove(index);
            }
          }}
        >
          {index + 1}
        </button>
      ))}
    </div>
  );
}

export function HotspotsControl({ label, value, image, language, onChange }) {
  const media = useImage(image);
  const names = useNames(value);
  const [selected, setSelected] = useState(-1);
  const [refused, setRefused] = useState(0);
  const [large, setLarge] = useState(false);

  if (!image) {
    return (
      <Group
        label={label}
        help={__("Choose the scene image first, then click on it to place hotspots.", "fc-catalogue")}
      >
        <p className="fc-catalogue-muted">{__("No scene image yet.", "fc-catalogue")}</p>
      </Group>
    );
  }
  const url = imageUrl(media, "large") || imageUrl(media, "full");
  const update = (index, patch) => onChange(value.map((spot, i) => (i === index ? { ...spot, ...patch } : spot)));
  const remove = (index) => {
    onChange(value.filter((_, i) => i !== index));
    setSelected(-1);
  };
  const refusal = refused
    ? // translators: %d: a hotspot's number
      sprintf(__("Hotspot %d was let go outside the scene image: it stays where it was.", "fc-catalogue"), refused)
    : "";
  const onRefused = (index) => {
    setRefused(index + 1);
    speak(
      // translators: %d: a hotspot's number
      sprintf(__("Hotspot %d was let go outside the scene image: it stays where it was.", "fc-catalogue"), index + 1),
      "assertive",
    );
  };
  const scene = url ? (
    <Scene
      url={url}
      value={value}
      names={names}
      selected={selected}
      onSelect={setSelected}
      onChange={onChange}
      onRefused={onRefused}
    />
  ) : null;
  const notice = refusal ? (
    <Notice status="warning" className="fc-catalogue-hotspot-refused" onRemove={() => setRefused(0)}>
      {refusal}
    </Notice>
  ) : null;
  return (
    <Group
      label={label}
      className="fc-catalogue-hotspots"
      help={__(
        "Click on the image to add a hotspot; drag it, or focus it and use the arrow keys; Delete removes it.",
        "fc-catalogue",
      )}
    >
      {notice}
      {large ? null : scene}
      {large ? (
        <Modal
          title={__("Place hotspots on the scene", "fc-catalogue")}
          className="fc-catalogue-scene-modal"
          onRequestClose={() => setLarge(false)}
        >
          {notice}
          {scene}
          <Button variant="primary" onClick={() => setLarge(false)}>
            {__("Done", "fc-catalogue")}
          </Button>
        </Modal>
      ) : (
        <Button variant="secondary" className="fc-catalogue-scene-open" onClick={() => setLarge(true)}>
          {__("Place hotspots on a larger scene", "fc-catalogue")}
        </Button>
      )}
      <Button
        variant="secondary"
        onClick={() => {
          onChange([...value, { product: 0, x: 50, y: 50 }]);
          setSelected(value.length);
        }}
      >
        {__("Add a hotspot in the middle", "fc-catalogue")}
      </Button>
      <ol className="fc-catalogue-hotspot-list">
        {value.map((spot, index) => (
          <li key={index} className={index === selected ? "is-selected" : ""}>
            <RelationControl
              /* translators: %d: a hotspot's number */
              label={sprintf(__("Hotspot %d product", "fc-catalogue"), index + 1)}
              target="products"
              value={spot.product || 0}
              language={language}
              onChange={(product) => update(index, { product })}
            />
            <span className="fc-catalogue-muted">
              {/* translators: 1: x, 2: y (percentages of the image) */}
              {sprintf(__("x %1$s %%, y %2$s %%", "fc-catalogue"), spot.x, spot.y)}
            </span>{" "}
            <Button variant="link" isDestructive onClick={() => remove(index)}>
              {/* translators: %d: a hotspot's number */}
              {sprintf(__("Remove hotspot %d", "fc-catalogue"), index + 1)}
            </Button>
          </li>
        ))}
      </ol>
    </Group>
  );
}
