import { useTranslation } from 'react-i18next';
import { PageHero } from '../../../components/page-hero.tsx';
import { TeachPage as TeachContent } from '../../../features/teach/components/teach-page.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /teach (issue 27, decision 234): why teach here, how it works, and the application form. */
export default function TeachPage() {
  const { t } = useTranslation('teach');
  usePageMeta(
    t('Teach with Tibeb'),
    t(
      'Teach students in Ethiopia and abroad online, get vetted, and be paid in birr to your bank, telebirr or CBE Birr.',
    ),
  );
  return (
    <>
      <PageHero
        title={t('Teach with Tibeb')}
        subtitle={t('Teach online on your own hours. Get vetted once, and be paid in birr.')}
      />
      <TeachContent />
    </>
  );
}
