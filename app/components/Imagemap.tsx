// A room scene with numbered hotspots on its objects: each hotspot is a button;
// it opens a small card with the product and a link to it. Escape or a second press closes it.
import { useId, useState } from "react";
import type { ImagemapView, ProductCardData } from "../lib/product-cards";
import { ResponsiveImage } from "./ResponsiveImage";
import { SmartLink } from "./SmartLink";
import { useT } from "../lib/i18n";

export function Imagemap({ imagemap, hrefOf, priority = false }: { imagemap: ImagemapView; hrefOf: (p: ProductCardData) => string; priority?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  return (
    <figure className="imagemap" onKeyDown={(e) => e.key === "Escape" && setOpen(null)}>
      <div className="imagemap__scene">
        <ResponsiveImage image={imagemap.image} ratio="16 / 9" sizes="(min-width: 1440px) 1440px, 100vw" priority={priority} />
        <ol className="imagemap__hotspots">
          {imagemap.hotspots.map((h, i) => {
            const cardId = `${id}-card-${i}`;
            const isOpen = open === i;
            return (
              <li key={`${h.product.id}-${i}`} style={{ left: `${h.x}%`, top: `${h.y}%` }} className="hotspot" data-open={isOpen || undefined} data-side={h.x > 60 ? "left" : "right"}>
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
                    <SmartLink to={hrefOf(h.product)} preventScrollReset className="link-arrow">{t("imagemap.view")}</SmartLink>
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
