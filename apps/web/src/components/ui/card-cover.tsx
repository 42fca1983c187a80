/** A card's cover photo: decorative (alt=""), 8:5 across the card's width, loaded lazily; `sizes` per layout. */
export function CardCover({ src, sizes }: { src: string; sizes: string }) {
  return (
    <img
      src={src}
      alt=""
      width={320}
      height={200}
      loading="lazy"
      decoding="async"
      sizes={sizes}
      className="aspect-[8/5] w-full object-cover"
    />
  );
}
