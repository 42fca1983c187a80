import type { Testimonial } from '@tibeb/domain/site/testimonials';

export function TestimonialCard({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
      <blockquote className="flex-1 text-stone-700">
        <p>“{t.quote}”</p>
      </blockquote>
      <figcaption className="mt-5 flex items-center gap-3">
        <img
          src={t.image}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="h-12 w-12 rounded-full"
        />
        <span>
          <span className="block font-semibold text-stone-900">{t.name}</span>
          <span className="block text-sm text-stone-600">{t.profession}</span>
        </span>
      </figcaption>
    </figure>
  );
}
