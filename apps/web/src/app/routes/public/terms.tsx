import { useTranslation } from 'react-i18next';
import { termsOfService } from '@tibeb/domain/site/legal';
import { PageHero } from '../../../components/page-hero.tsx';
import { emptySiteSettings, useSiteSettings } from '../../../features/content/api/get-site-settings.ts';
import { LegalDocumentView } from '../../../features/content/components/legal-document.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function TermsPage() {
  const { t } = useTranslation('public');
  usePageMeta(
    t('Terms of Service'),
    t('The terms that govern the use of Tibeb Tutoring: bookings, payments, refunds and children.'),
  );
  const { data = emptySiteSettings } = useSiteSettings();
  const doc = termsOfService({ siteName: data.site.name, ...data.contact });
  return (
    <>
      <PageHero
        title={t('Terms of Service')}
        subtitle={t('Version {{version}}, effective {{date}}.', {
          version: doc.version,
          date: doc.effectiveDate,
        })}
      />
      <div className="mx-auto max-w-3xl px-4 py-14">
        <LegalDocumentView document={doc} />
      </div>
    </>
  );
}
