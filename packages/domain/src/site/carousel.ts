/**
 * Carousel arithmetic shared by the offers carousel (2 per view, advance by 2) and the testimonials
 * (3 per page, previous/next by 3), both with wraparound (spec §4).
 */

/** The `size` items starting at `start`, wrapping to the beginning; never more items than exist. */
export function windowAt<T>(items: readonly T[], start: number, size: number): T[] {
  const n = items.length;
  if (n === 0) return [];
  const count = Math.min(size, n);
  const first = ((start % n) + n) % n;
  return Array.from({ length: count }, (_, i) => items[(first + i) % n]!);
}

/** Moves the window start by `delta` (negative for previous) with wraparound. */
export function stepStart(start: number, total: number, delta: number): number {
  if (total <= 0) return 0;
  return (((start + delta) % total) + total) % total;
}

/** Spec §4: with more than `perView` offers the carousel rotates; with that many or fewer it is static. */
export const carouselRotates = (total: number, perView: number) => total > perView;
