import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { BackToTop } from '../../components/back-to-top.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="flex-1">
        <Suspense fallback={<Spinner label={t('Loading...')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <BackToTop />
      <ScrollRestoration />
    </div>
  );
}
