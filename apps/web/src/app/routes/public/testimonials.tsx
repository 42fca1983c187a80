import { useTranslation } from 'react-i18next';
import { testimonials } from '@tibeb/domain/site/testimonials';
import { PageHero } from '../../../components/page-hero.tsx';
import { TestimonialCard } from '../../../features/content/components/testimonial-card.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function TestimonialsPage() {
  const { t } = useTranslation('public');
  usePageMeta(t('Testimonials'), t("What parents say about their children's lessons with Tibeb tutors."));
  return (
    <>
      <PageHero title={t('Testimonials')} subtitle={t('What parents say about us.')} />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="sr-only">{t('Parent testimonials')}</h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((item) => (
            <li key={item.name}>
              <TestimonialCard testimonial={item} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
