/** A product picture (local SVG); decorative: the product's name is always next to it. */
export function ProductImage({ src, size = 72 }: { src: string; size?: number }) {
  return src ? <img className="product-image" src={src} alt="" width={size} height={size} loading="lazy" /> : <span className="product-image product-image--none" style={{ width: size, height: size }} aria-hidden="true" />;
}
