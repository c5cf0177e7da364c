// What a product card shows, and nothing more. A page's loader data goes to the browser twice (in
// the HTML and as React Router's data for hydration) and is encoded, hashed for the
// Content-Security-Policy and compressed on every render: a list page sends cards, not the
// content service's summaries (whose slug, colours, language and dates serve the server: sitemaps,
// filters, structured data of a product page). docs/capacity.md has the figures.
import type { Image, ImageSize, Imagemap, Product, ProductSummary, Project } from "../../common/content";

/** An image as a page shows it: the renditions its srcset uses (renditionsOf), not its media id. */
export type ShownImage = Omit<Image, "id">;

/**
 * An image with its sources worked out on the server: the `src` and `srcset` the <img> gets. A
 * list sends this for each card, one string instead of an object per rendition (8 for a demo
 * photograph): the page's data is encoded, hashed and compressed on every render, and read again
 * by the browser (docs/decisions/0018-a-render-at-half-the-cpu.md).
 */
export interface SourcedImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
  focal?: { x: number; y: number };
}

export interface ProductCardData {
  id: number;
  /** The English original's id: the wishlist keeps one list for both languages. */
  englishId: number;
  name: string;
  code: string;
  /** The first category's name (the card's small caps label); "" when the product has none. */
  category: string;
  image: SourcedImage | null;
}

/**
 * The renditions worth a srcset entry: every width WordPress made, except the square crops it
 * makes of an image that is not square (thumbnails: a different picture, not a smaller one).
 */
export function renditionsOf(image: Pick<Image, "width" | "height" | "sizes">): ImageSize[] {
  return image.sizes.filter((s) => s.width > 0 && !(s.width === s.height && image.width !== image.height));
}

/** What the <img> of `image` loads: a rendition of at least 768 px (else the largest) and the srcset of all. */
export function sourcesOf(image: Pick<Image, "url" | "width" | "height" | "sizes">): { src: string; srcSet: string } {
  const renditions = renditionsOf(image);
  const fallback = renditions.find((s) => s.width >= 768) ?? renditions.at(-1) ?? image;
  return { src: fallback.url, srcSet: renditions.map((s) => `${s.url} ${s.width}w`).join(", ") };
}

export function sourcedImage(image: Image | null): SourcedImage | null {
  if (!image) return null;
  return {
    ...sourcesOf(image),
    width: image.width,
    height: image.height,
    alt: image.alt,
    ...(image.focal ? { focal: image.focal } : {}),
  };
}

/** The smallest file of a sourced image (a thumbnail beside a form): the first srcset entry. */
export function smallestSource(image: SourcedImage): string {
  return image.srcSet.slice(0, image.srcSet.indexOf(" ")) || image.src;
}

export function shownImage(image: Image | null): ShownImage | null {
  if (!image) return null;
  return {
    url: image.url,
    width: image.width,
    height: image.height,
    alt: image.alt,
    sizes: renditionsOf(image),
    ...(image.focal ? { focal: image.focal } : {}),
  };
}

/** The English original's id: the wishlist and the contact form know a product by it in both languages. */
export function englishIdOf(product: Pick<ProductSummary, "id" | "translations">): number {
  return product.translations.en ?? product.id;
}

export function productCard(product: ProductSummary): ProductCardData {
  return {
    id: product.id,
    englishId: englishIdOf(product),
    name: product.name,
    code: product.code,
    category: product.categories[0]?.name ?? "",
    image: sourcedImage(product.image),
  };
}

export function productCards(products: readonly ProductSummary[]): ProductCardData[] {
  return products.map(productCard);
}

/** A room scene as the page shows it: its hotspots open product cards. */
export type ImagemapView = Omit<Imagemap, "hotspots"> & {
  hotspots: { x: number; y: number; product: ProductCardData }[];
};

export function imagemapView(imagemap: Imagemap | null): ImagemapView | null {
  if (!imagemap) return null;
  return { ...imagemap, hotspots: imagemap.hotspots.map((h) => ({ x: h.x, y: h.y, product: productCard(h.product) })) };
}

/** A project as its list shows it: its scene and its objects as cards. */
export type ProjectView = Omit<Project, "imagemap" | "products"> & {
  imagemap: ImagemapView | null;
  products: ProductCardData[];
};

export function projectView(project: Project): ProjectView {
  return { ...project, imagemap: imagemapView(project.imagemap), products: productCards(project.products) };
}

/** How many related objects a product shows. */
export const RELATED_SHOWN = 4;

/** A picture of a product's gallery: its sources, its id (the thumbnails' key) and its file (structured data). */
export type GalleryImage = SourcedImage & { id: number; url: string };

function galleryImage(image: Image): GalleryImage {
  return { id: image.id, url: image.url, ...sourcedImage(image)! };
}

/** A product as its page shows it: all of it, its pictures with their sources, its related objects as cards. */
export type ProductView = Omit<Product, "related" | "gallery" | "image"> & {
  gallery: GalleryImage[];
  image: GalleryImage | null;
  related: ProductCardData[];
};

export function productView(product: Product): ProductView {
  return {
    ...product,
    gallery: product.gallery.map(galleryImage),
    image: product.image ? galleryImage(product.image) : null,
    related: productCards(product.related.slice(0, RELATED_SHOWN)),
  };
}
