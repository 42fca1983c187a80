import { useCallback, useState } from 'react';

/**
 * Whether an image failed to load, for a fallback in its place. A server-rendered page starts loading its images
 * before the page's code runs, so an image may have failed before React could hear its `error` event: `watch` (its ref callback)
 * looks when the element is attached (a finished load with no pixels is a failure).
 */
export function useImageFallback(src: string) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const watch = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0 && img.naturalHeight === 0 && src) setFailedSrc(src);
    },
    [src],
  );
  const onError = useCallback(() => setFailedSrc(src), [src]);
  return { failed: failedSrc !== null && failedSrc === src, watch, onError };
}
