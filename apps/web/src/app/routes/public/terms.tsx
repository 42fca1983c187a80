import { termsOfService } from '@tibeb/domain/site/legal';
import { PageHero } from '../../../components/page-hero.tsx';
import { emptySiteSettings, useSiteSettings } from '../../../features/content/api/get-site-settings.ts';
import { LegalDocumentView } from '../../../features/content/components/legal-document.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function TermsPage() {
  usePageMeta(
    'Terms of Service',
    'The terms that govern the use of Tibeb Tutoring: bookings, payments, refunds and children.',
  );
  const { data = emptySiteSettings } = useSiteSettings();
  const doc = termsOfService({ siteName: data.site.name, ...data.contact });
  return (
    <>
      <PageHero
        title="Terms of Service"
        subtitle={`Version ${doc.version}, effective ${doc.effectiveDate}.`}
      />
      <div className="mx-auto max-w-3xl px-4 py-14">
        <LegalDocumentView document={doc} />
      </div>
    </>
  );
}
