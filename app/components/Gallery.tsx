// The product gallery: a large image with thumbnails (buttons, arrow keys move between them),
// a zoom that follows the pointer, and swipe on touch screens through native scroll snapping.
import { useState } from "react";
import type { GalleryImage } from "../lib/product-cards";
import { ResponsiveImage } from "./ResponsiveImage";
import { useT } from "../lib/i18n";

/**
 * The stage (wide screens) and the swipe strip (phones) show the first image at the same size
 * where either is visible; one `sizes` for both makes the browser pick one file for the two
 * (with two, a desktop also downloaded the hidden strip's larger copy, at high priority).
 */
const STAGE_SIZES = "(min-width: 900px) 50vw, 100vw";

export function Gallery({ images, name }: { images: GalleryImage[]; name: string }) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  if (images.length === 0)
    return (
      <div className="gallery gallery--empty">
        <ResponsiveImage image={null} sizes="50vw" ratio="4 / 5" />
      </div>
    );
  const image = images[Math.min(current, images.length - 1)]!;
  return (
    <div className="gallery">
      <div
        className="gallery__stage"
        data-zoomed={zoom ? true : undefined}
        style={zoom ? { ["--zoom-x" as string]: `${zoom.x}%`, ["--zoom-y" as string]: `${zoom.y}%` } : undefined}
      >
        <button
          type="button"
          className="gallery__zoom"
          aria-pressed={zoom !== null}
          aria-label={zoom ? t("product.zoomOut") : t("product.zoomIn")}
          onClick={(e) => {
            if (zoom) return setZoom(null);
            const rect = e.currentTarget.getBoundingClientRect();
            const x = e.clientX ? ((e.clientX - rect.left) / rect.width) * 100 : 50;
            const y = e.clientY ? ((e.clientY - rect.top) / rect.height) * 100 : 50;
            setZoom({ x, y });
          }}
          onPointerMove={(e) => {
            if (!zoom) return;
            const rect = e.currentTarget.getBoundingClientRect();
            setZoom({
              x: ((e.clientX - rect.left) / rect.width) * 100,
              y: ((e.clientY - rect.top) / rect.height) * 100,
            });
          }}
        >
          <ResponsiveImage image={image} ratio="4 / 5" sizes={STAGE_SIZES} priority />
        </button>
        <ol className="gallery__swipe" aria-hidden="true">
          {images.map((img, i) => (
            <li key={img.id}>
              <ResponsiveImage image={img} ratio="4 / 5" sizes={STAGE_SIZES} priority={i === 0} />
            </li>
          ))}
        </ol>
      </div>
      {images.length > 1 ? (
        <div className="gallery__thumbs" role="group" aria-label={t("product.gallery", { name })}>
          {images.map((img, i) => (
            <button
              key={img.id}
              type="button"
              aria-current={i === current || undefined}
              aria-label={t("product.showImage", { n: i + 1, total: images.length })}
              onClick={() => {
                setCurrent(i);
                setZoom(null);
              }}
              onKeyDown={(e) => {
                if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
                  e.preventDefault();
                  const next = (i + (e.key === "ArrowRight" ? 1 : images.length - 1)) % images.length;
                  setCurrent(next);
                  (e.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
                }
              }}
            >
              <ResponsiveImage image={img} ratio="1" sizes="80px" alt="" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
