/**
 * Hotspots on the scene image: a click on the image places one there (x and y as percentages of
 * the image), each is linked to a product chosen by name, dragged with the mouse or moved with the
 * arrow keys (Shift: 5 %), removed with Delete or its Remove button. Without a scene image there is
 * nothing to place them on: the control says so.
 */
/** @jsxRuntime classic */
/** @jsx createElement */
import { createElement, useRef, useState } from "@wordpress/element";
import { Button } from "@wordpress/components";
import { Group } from "./group";
import { useSelect } from "@wordpress/data";
import { RelationControl, titleOf } from "./relations";
import { imageUrl, useImage } from "./media";

const clamp = (v) => Math.min(100, Math.max(0, Math.round(v * 100) / 100));

export function HotspotsControl({ label, value, image, language, onChange }) {
  const media = useImage(image);
  const frame = useRef(null);
  const dragging = useRef(null);
  const [selected, setSelected] = useState(-1);
  const productIds = value.map((s) => s.product).filter(Boolean);
  const names = useSelect(
    (select) => {
      const records = productIds.length ? select("core").getEntityRecords("postType", "products", { include: productIds, per_page: 100, _fields: "id,title" }) || [] : [];
      return new Map(records.map((r) => [r.id, titleOf(r)]));
    },
    [productIds.join(",")],
  );

  const at = (event) => {
    const box = frame.current.getBoundingClientRect();
    return { x: clamp(((event.clientX - box.left) / box.width) * 100), y: clamp(((event.clientY - box.top) / box.height) * 100) };
  };
  const update = (index, patch) => onChange(value.map((spot, i) => (i === index ? { ...spot, ...patch } : spot)));
  const remove = (index) => {
    onChange(value.filter((_, i) => i !== index));
    setSelected(-1);
  };

  if (!image) {
    return (
      <Group label={label} help="Choose the scene image first, then click on it to place hotspots.">
        <p className="fc-catalogue-muted">No scene image yet.</p>
      </Group>
    );
  }
  const url = imageUrl(media, "large") || imageUrl(media, "full");
  return (
    <Group label={label} className="fc-catalogue-hotspots" help="Click on the image to add a hotspot; drag it, or focus it and use the arrow keys; Delete removes it.">
      <div
        ref={frame}
        className="fc-catalogue-scene"
        role="presentation"
        onClick={(event) => {
          if (event.target !== event.currentTarget && !event.target.classList.contains("fc-catalogue-scene-image")) return;
          const point = at(event);
          onChange([...value, { product: 0, ...point }]);
          setSelected(value.length);
        }}
      >
        {url ? <img className="fc-catalogue-scene-image" src={url} alt="Scene image" draggable={false} /> : null}
        {value.map((spot, index) => (
          <button
            type="button"
            key={index}
            className={`fc-catalogue-hotspot${index === selected ? " is-selected" : ""}${spot.product ? "" : " is-unlinked"}`}
            style={{ left: `${spot.x}%`, top: `${spot.y}%` }}
            aria-label={`Hotspot ${index + 1}: ${spot.product ? names.get(spot.product) || `product #${spot.product}` : "no product yet"}, at ${spot.x} %, ${spot.y} %`}
            onClick={(event) => {
              event.stopPropagation();
              setSelected(index);
            }}
            onPointerDown={(event) => {
              event.stopPropagation();
              dragging.current = { index, moved: false };
              event.currentTarget.setPointerCapture?.(event.pointerId);
              setSelected(index);
            }}
            onPointerMove={(event) => {
              if (!dragging.current || dragging.current.index !== index) return;
              dragging.current.moved = true;
              update(index, at(event));
            }}
            onPointerUp={() => {
              dragging.current = null;
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
      <Button variant="secondary" onClick={() => { onChange([...value, { product: 0, x: 50, y: 50 }]); setSelected(value.length); }}>
        Add a hotspot in the middle
      </Button>
      <ol className="fc-catalogue-hotspot-list">
        {value.map((spot, index) => (
          <li key={index} className={index === selected ? "is-selected" : ""}>
            <RelationControl
              label={`Hotspot ${index + 1} product`}
              target="products"
              value={spot.product || 0}
              language={language}
              onChange={(product) => update(index, { product })}
            />
            <span className="fc-catalogue-muted">{`x ${spot.x} %, y ${spot.y} %`}</span>{" "}
            <Button variant="link" isDestructive onClick={() => remove(index)}>
              {`Remove hotspot ${index + 1}`}
            </Button>
          </li>
        ))}
      </ol>
    </Group>
  );
}
