import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stepStart, windowAt } from '@tibeb/domain/site/carousel';
import { siteLimits } from '@tibeb/domain/site/messages';
import { testimonials as allTestimonials, type Testimonial } from '@tibeb/domain/site/testimonials';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { TestimonialCard } from './testimonial-card.tsx';

const perPage = siteLimits.testimonialsPerPage;

/** Parent testimonials, 3 at a time; previous and next move by 3 with wraparound (spec §4). */
export function TestimonialsCarousel({ items = allTestimonials }: { items?: readonly Testimonial[] }) {
  const { t } = useTranslation('public');
  const [start, setStart] = useState(0);
  const pages = Math.ceil(items.length / perPage);
  const visible = windowAt(items, start, perPage);
  const move = (delta: number) => setStart((s) => stepStart(s, items.length, delta));
  const arrow =
    'rounded-full border border-stone-300 bg-white p-3 text-stone-800 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700';
  return (
    <div>
      <ul className="grid gap-6 md:grid-cols-3" aria-live="polite">
        {visible.map((item) => (
          <li key={item.name}>
            <TestimonialCard testimonial={item} />
          </li>
        ))}
      </ul>
      {items.length > perPage && (
        <div className="mt-6 flex items-center justify-center gap-4">
          <button
            type="button"
            className={arrow}
            aria-label={t('Previous testimonials')}
            onClick={() => move(-perPage)}
          >
            <LineIcon name="chevron-left" />
          </button>
          <span className="text-sm text-stone-600">
            {Math.floor(start / perPage) + 1} / {pages}
          </span>
          <button
            type="button"
            className={arrow}
            aria-label={t('Next testimonials')}
            onClick={() => move(perPage)}
          >
            <LineIcon name="chevron-right" />
          </button>
        </div>
      )}
    </div>
  );
}
