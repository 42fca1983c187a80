/**
 * A card's cover photo: decorative (alt=""), 8:5 across the card's width, loaded lazily. Uploads are stored in
 * one width, so `sizes` is given to the browser only beside a `srcSet` (decision 256).
 */
export function CardCover({ src, sizes, srcSet }: { src: string; sizes: string; srcSet?: string }) {
  return (
    <img
      src={src}
      alt=""
      width={320}
      height={200}
      loading="lazy"
      decoding="async"
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      className="aspect-[8/5] w-full object-cover"
    />
  );
}
