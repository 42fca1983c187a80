import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form.tsx';
import { SITE_NAME } from '../../lib/page-meta.ts';

const footerLinks = [
  { to: '/tutors', label: 'Find a tutor' },
  { to: '/booking/form', label: 'Book by subject' },
  { to: '/testimonials', label: 'Testimonials' },
  { to: '/faq', label: 'FAQ' },
  { to: '/teach', label: 'Teach with Tibeb' },
  { to: '/terms', label: 'Terms' },
  { to: '/PrvacyPolicy', label: 'Privacy Policy' },
];

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{SITE_NAME}</p>
          <p className="mt-2 text-sm">
            {t(
              'Ethiopian tutors for Mathematics, Sciences, Languages and Coding — weekly online sessions for your child, wherever your family lives.',
            )}
          </p>
        </div>
        <nav aria-label={t('Footer')}>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {footerLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <NewsletterForm />
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-400">
        © {new Date().getFullYear()} {SITE_NAME}. {t('All rights reserved.')}
      </p>
    </footer>
  );
}
