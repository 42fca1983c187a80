import { useTranslation } from 'react-i18next';
import { PageHero } from '../../../components/page-hero.tsx';
import { ContactDetails } from '../../../features/contact/components/contact-details.tsx';
import { ContactForm } from '../../../features/contact/components/contact-form.tsx';
import { ContactMap } from '../../../features/contact/components/contact-map.tsx';
import { emptySiteSettings, useSiteSettings } from '../../../features/content/api/get-site-settings.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** The contact page (spec §2): hero, address, phone and e-mail blocks, the message form and the map. */
export default function ContactPage() {
  const { t } = useTranslation('public');
  usePageMeta(
    t('Contact us'),
    t('Write to the Tibeb Tutoring team: questions about tutors, bookings or payments.'),
  );
  const { data = emptySiteSettings } = useSiteSettings();
  return (
    <>
      <PageHero
        title={t('Contact us')}
        subtitle={t('Send us a message and we will reply within one working day.')}
      />
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-12">
        <ContactDetails contact={data.contact} />
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
            <ContactForm />
          </div>
          <ContactMap embedUrl={data.contact.map_embed_url} address={data.contact.address} />
        </div>
      </div>
    </>
  );
}
