import { testimonials } from '@tibeb/domain/site/testimonials';
import { PageHero } from '../../../components/page-hero.tsx';
import { TestimonialCard } from '../../../features/content/components/testimonial-card.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function TestimonialsPage() {
  usePageMeta('Testimonials', "What parents say about their children's lessons with Tibeb tutors.");
  return (
    <>
      <PageHero title="Testimonials" subtitle="What parents say about us." />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="sr-only">Parent testimonials</h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name}>
              <TestimonialCard testimonial={t} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
