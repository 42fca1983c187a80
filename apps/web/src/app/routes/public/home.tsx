import { useTranslation } from 'react-i18next';
import { SubjectCards } from '../../../features/content/components/subject-cards.tsx';
import { TestimonialsCarousel } from '../../../features/content/components/testimonials-carousel.tsx';
import { Hero } from '../../../features/home/components/hero.tsx';
import { OffersSection } from '../../../features/home/components/offers-section.tsx';
import {
  AboutSection,
  BlogPreviewsSection,
  CallToActionSection,
  FeaturesSection,
  HowItWorksSection,
  Section,
} from '../../../features/home/components/sections.tsx';
import { useSiteSettings } from '../../../features/content/api/get-site-settings.ts';
import { SITE_NAME, usePageMeta } from '../../../lib/page-meta.ts';

/** The landing page, in the order of spec §1. */
export default function HomePage() {
  const { t } = useTranslation('public');
  // The weeks one payment covers, from the policy settings (decision 254).
  const weeks = useSiteSettings().data?.policy_words?.weeks_per_payment;
  usePageMeta(
    SITE_NAME,
    t(
      'Book trusted Ethiopian tutors for Mathematics, Sciences, Languages (Amharic, Tigrigna, Afaan Oromoo) and Coding: weekly online sessions, secure card payment.',
    ),
  );
  return (
    <>
      <Hero />
      <OffersSection />
      <AboutSection />
      <Section
        id="subjects-title"
        title={t('Subjects we teach')}
        subtitle={t('Four subject areas, from a first lesson to exam preparation.')}
        tinted
      >
        <SubjectCards />
      </Section>
      <FeaturesSection />
      <HowItWorksSection weeks={weeks} />
      <BlogPreviewsSection />
      <Section
        id="testimonials-title"
        title={t('What parents say')}
        subtitle={t('Families around the world learn with our tutors.')}
      >
        <TestimonialsCarousel />
      </Section>
      <CallToActionSection weeks={weeks} />
    </>
  );
}
