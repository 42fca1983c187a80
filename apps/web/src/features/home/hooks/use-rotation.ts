import { useEffect, useState } from 'react';
import { carouselRotates, stepStart } from '@tibeb/domain/site/carousel';

export type RotationOptions = { perView: number; intervalMs: number; fadeMs: number; paused?: boolean };

/**
 * The offers carousel's clock (spec §4, §9): every `intervalMs` the view fades out for `fadeMs`, then the
 * window advances by `perView` with wraparound and fades back in. With `perView` items or fewer it stays still.
 */
export function useRotation(total: number, { perView, intervalMs, fadeMs, paused = false }: RotationOptions) {
  const [start, setStart] = useState(0);
  const [fading, setFading] = useState(false);
  const rotates = carouselRotates(total, perView);

  useEffect(() => {
    if (!rotates || paused) return undefined;
    let fadeTimer: ReturnType<typeof setTimeout> | undefined;
    const interval = setInterval(() => {
      setFading(true);
      fadeTimer = setTimeout(() => {
        fadeTimer = undefined;
        setStart((s) => stepStart(s, total, perView));
        setFading(false);
      }, fadeMs);
    }, intervalMs);
    return () => {
      clearInterval(interval);
      if (fadeTimer !== undefined) {
        // Paused mid-fade: show the current offers again rather than leave them invisible.
        clearTimeout(fadeTimer);
        setFading(false);
      }
    };
  }, [rotates, paused, total, perView, intervalMs, fadeMs]);

  return { start: total ? start % total : 0, fading, rotates };
}
