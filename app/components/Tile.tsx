import type { ShownImage } from "../lib/product-cards";
import { ResponsiveImage } from "./ResponsiveImage";
import { SmartLink } from "./SmartLink";

/** A large image tile with a serif title: categories, collections, exclusives. */
export function Tile({
  to,
  title,
  image,
  caption,
  kicker,
  priority = false,
  ratio = "4 / 5",
}: {
  to: string;
  title: string;
  image: ShownImage | null;
  caption?: string;
  kicker?: string;
  priority?: boolean;
  ratio?: string;
}) {
  return (
    <SmartLink to={to} className="tile">
      <div className="tile__media">
        <ResponsiveImage
          image={image}
          ratio={ratio}
          sizes="(min-width: 900px) 33vw, 100vw"
          priority={priority}
          alt=""
        />
      </div>
      <div className="tile__text">
        {kicker ? <p className="label">{kicker}</p> : null}
        <h2 className="tile__title">{title}</h2>
        {caption ? <p className="tile__caption">{caption}</p> : null}
      </div>
    </SmartLink>
  );
}
