import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TutorImage } from '../features/tutors/components/tutor-image.tsx';
import { CardCover } from '../components/ui/card-cover.tsx';

/** Issue 31 item 9, decision 256: no `sizes` without a `srcSet` (uploads are stored in one width). */
describe('images give the browser sizes only beside a srcset', () => {
  it('leaves sizes out when there is one width', () => {
    const { container } = render(
      <>
        <CardCover src="/media/a.webp" sizes="100vw" />
        <TutorImage src="/media/b.webp" alt="Abebe" sizes="10rem" />
      </>,
    );
    const images = [...container.querySelectorAll('img')];
    expect(images).toHaveLength(2);
    for (const img of images) {
      expect(img.hasAttribute('sizes')).toBe(false);
      expect(img.hasAttribute('srcset')).toBe(false);
    }
  });

  it('keeps sizes with a srcset', () => {
    const { container } = render(
      <CardCover src="/media/a.webp" srcSet="/media/a-320.webp 320w, /media/a.webp 640w" sizes="100vw" />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('sizes')).toBe('100vw');
    expect(img.getAttribute('srcset')).toContain('320w');
  });
});
