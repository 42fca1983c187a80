import { useTranslation } from 'react-i18next';
import type { Testimonial } from '@tibeb/domain/site/testimonials';

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { t } = useTranslation('public');
  return (
    <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
      <blockquote className="flex-1 text-stone-700">
        <p>“{t(testimonial.quote)}”</p>
      </blockquote>
      <figcaption className="mt-5 flex items-center gap-3">
        <img
          src={testimonial.image}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="h-12 w-12 rounded-full"
        />
        <span>
          <span className="block font-semibold text-stone-900">{t(testimonial.name)}</span>
          <span className="block text-sm text-stone-600">{t(testimonial.profession)}</span>
        </span>
      </figcaption>
    </figure>
  );
}
