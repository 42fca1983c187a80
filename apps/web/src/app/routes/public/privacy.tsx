import { useTranslation } from 'react-i18next';
import { PageHero } from '../../../components/page-hero.tsx';
import { LegalDocumentView, versionAndDate } from '../../../features/content/components/legal-document.tsx';
import { useLegalDocuments } from '../../../features/content/hooks/use-legal-documents.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /PrvacyPolicy: the privacy policy and the terms, combined (spec §2). */
export default function PrivacyPage() {
  const { t } = useTranslation('public');
  usePageMeta(
    t('Privacy Policy'),
    t('How Tibeb Tutoring collects, uses and protects personal data, and the terms of service.'),
  );
  const { privacy, terms } = useLegalDocuments();
  return (
    <>
      <PageHero
        title={t('Privacy Policy')}
        subtitle={t(
          'Privacy policy and terms · Version {{version}}, effective {{date}}.',
          versionAndDate(privacy),
        )}
      />
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-14">
        <LegalDocumentView document={privacy} />
        <LegalDocumentView document={terms} />
      </div>
    </>
  );
}
