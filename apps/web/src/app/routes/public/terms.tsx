import { useTranslation } from 'react-i18next';
import { PageHero } from '../../../components/page-hero.tsx';
import { LegalDocumentView, versionAndDate } from '../../../features/content/components/legal-document.tsx';
import { useLegalDocuments } from '../../../features/content/hooks/use-legal-documents.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function TermsPage() {
  const { t } = useTranslation('public');
  usePageMeta(
    t('Terms of Service'),
    t('The terms that govern the use of Tibeb Tutoring: bookings, payments, refunds and children.'),
  );
  const { terms } = useLegalDocuments();
  return (
    <>
      <PageHero
        title={t('Terms of Service')}
        subtitle={t('Version {{version}}, effective {{date}}.', versionAndDate(terms))}
      />
      <div className="mx-auto max-w-3xl px-4 py-14">
        <LegalDocumentView document={terms} />
      </div>
    </>
  );
}
