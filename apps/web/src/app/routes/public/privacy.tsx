import { useTranslation } from 'react-i18next';
import { privacyPolicy, termsOfService } from '@tibeb/domain/site/legal';
import { PageHero } from '../../../components/page-hero.tsx';
import { emptySiteSettings, useSiteSettings } from '../../../features/content/api/get-site-settings.ts';
import { LegalDocumentView } from '../../../features/content/components/legal-document.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /PrvacyPolicy: the privacy policy and the terms, combined (spec §2). */
export default function PrivacyPage() {
  const { t } = useTranslation('public');
  usePageMeta(
    t('Privacy Policy'),
    t('How Tibeb Tutoring collects, uses and protects personal data, and the terms of service.'),
  );
  const { data = emptySiteSettings } = useSiteSettings();
  const contact = { siteName: data.site.name, ...data.contact };
  const privacy = privacyPolicy(contact);
  return (
    <>
      <PageHero
        title={t('Privacy Policy')}
        subtitle={t('Privacy policy and terms · Version {{version}}, effective {{date}}.', {
          version: privacy.version,
          date: privacy.effectiveDate,
        })}
      />
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-14">
        <LegalDocumentView document={privacy} />
        <LegalDocumentView document={termsOfService(contact)} />
      </div>
    </>
  );
}
