// A room scene with numbered hotspots on its objects: each hotspot is a button;
// it opens a small card with the product and a link to it. Escape or a second press closes it.
// The scene is drawn at its own ratio (never stretched, never cropped), so a hotspot's place —
// percentages of the scene's natural width and height, as the editor clicked it — is the same
// fraction of the scene box; the box is never taller than the screen below the header.
import { useId, useState, type CSSProperties } from "react";
import type { ImagemapView, ProductCardData } from "../lib/product-cards";
import { ResponsiveImage } from "./ResponsiveImage";
import { SmartLink } from "./SmartLink";
import { useT } from "../lib/i18n";

export function Imagemap({
  imagemap,
  hrefOf,
  priority = false,
}: {
  imagemap: ImagemapView;
  hrefOf: (p: ProductCardData) => string;
  priority?: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  const ratio = sceneRatio(imagemap.image);
  return (
    <figure className="imagemap" onKeyDown={(e) => e.key === "Escape" && setOpen(null)}>
      <div className="imagemap__scene" style={{ "--scene-ratio": ratio } as CSSProperties}>
        <ResponsiveImage
          image={imagemap.image}
          ratio={ratio}
          sizes="(min-width: 1440px) 1440px, 100vw"
          priority={priority}
        />
        <ol className="imagemap__hotspots">
          {imagemap.hotspots.map((h, i) => {
            const cardId = `${id}-card-${i}`;
            const isOpen = open === i;
            return (
              <li
                key={`${h.product.id}-${i}`}
                style={{ left: `${h.x}%`, top: `${h.y}%` }}
                className="hotspot"
                data-open={isOpen || undefined}
                data-side={h.x > 60 ? "left" : "right"}
              >
                <button
                  type="button"
                  className="hotspot__button"
                  aria-expanded={isOpen}
                  aria-controls={cardId}
                  aria-label={t("imagemap.hotspot", { n: i + 1, name: h.product.name })}
                  onClick={() => setOpen(isOpen ? null : i)}
                >
                  {i + 1}
                </button>
                <div id={cardId} className="hotspot__card" hidden={!isOpen}>
                  <ResponsiveImage image={h.product.image} ratio="4 / 5" sizes="120px" />
                  <div>
                    <p className="hotspot__name">{h.product.name}</p>
                    <SmartLink to={hrefOf(h.product)} preventScrollReset className="link-arrow">
                      {t("imagemap.view")}
                    </SmartLink>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
      {imagemap.title ? <figcaption className="imagemap__caption">{imagemap.title}</figcaption> : null}
    </figure>
  );
}

/** The scene's own ratio (`1920 / 1200`); 16:9 for a scene without one (no image, or an SVG of unknown size). */
function sceneRatio(image: { width: number; height: number } | null): string {
  return image && image.width > 0 && image.height > 0 ? `${image.width} / ${image.height}` : "16 / 9";
}
