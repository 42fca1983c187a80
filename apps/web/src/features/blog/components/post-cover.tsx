import { useImageFallback } from '../../../lib/use-image-fallback.ts';

/** A post's cover image; a missing or broken image shows a calm brand-coloured panel instead. */
export function PostCover({
  src,
  className = '',
  eager = false,
}: {
  src: string;
  className?: string;
  eager?: boolean;
}) {
  const { failed, watch, onError } = useImageFallback(src);
  if (!src || failed) {
    return (
      <div
        aria-hidden="true"
        className={`bg-gradient-to-br from-brand-700 via-brand-600 to-accent-400 ${className}`}
      />
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={1200}
      height={630}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      ref={watch}
      onError={onError}
      className={`bg-brand-50 object-cover ${className}`}
    />
  );
}
