import { useImageFallback } from '../../../lib/use-image-fallback.ts';

/** The directory's fallback portrait (spec §8: a profile image that fails to load shows the default image). */
export const DEFAULT_AVATAR = '/images/default-avatar.svg';

type Props = {
  src: string;
  alt: string;
  className?: string;
  /** Cards lazy-load; the enlarged image loads at once. */
  loading?: 'lazy' | 'eager';
  /** Given to the browser only beside a `srcSet` (uploads are stored in one width: decision 256). */
  sizes?: string;
  srcSet?: string;
};

export function TutorImage({ src, alt, className = '', loading = 'lazy', sizes, srcSet }: Props) {
  const { failed, watch, onError } = useImageFallback(src);
  const url = failed || !src ? DEFAULT_AVATAR : src;
  return (
    <img
      src={url}
      alt={alt}
      width={400}
      height={400}
      loading={loading}
      decoding="async"
      srcSet={srcSet && url === src ? srcSet : undefined}
      sizes={srcSet && url === src ? sizes : undefined}
      className={className}
      ref={url === DEFAULT_AVATAR ? undefined : watch}
      onError={url === DEFAULT_AVATAR ? undefined : onError}
    />
  );
}
