import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { logout } from '../../features/auth/hooks/use-auth.ts';
import { UnreadBadge } from '../../features/messages/components/unread-badge.tsx';
import { SITE_NAME } from '../../lib/page-meta.ts';
import { MenuToggle } from '../../components/ui/menu-toggle.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { LanguageSwitch } from './language-switch.tsx';

export type Area = 'admin' | 'tutor' | 'student';

/** The sidebar of each area (spec §2 Navigation); Logout closes every list. */
export const areaLinks: Record<Area, { to: string; label: string }[]> = {
  admin: [
    { to: '/admin/dashboard', label: 'Overview' },
    { to: '/admin/users', label: 'Manage Users' },
    { to: '/admin/tutors', label: 'Manage Tutors' },
    { to: '/admin/tutor-applications', label: 'Tutor applications' },
    { to: '/admin/reservation', label: 'Reservations' },
    { to: '/admin/payment', label: 'Payments' },
    { to: '/admin/payouts', label: 'Payouts' },
    { to: '/admin/ledger', label: 'Ledger' },
    { to: '/admin/offers', label: 'Offers' },
    { to: '/admin/blog', label: 'Blogs' },
    { to: '/admin/reports', label: 'Reports' },
    { to: '/admin/comments', label: 'Comments' },
    { to: '/admin/reported-conversations', label: 'Reported conversations' },
    { to: '/admin/incidents', label: 'Interruptions and no-shows' },
    { to: '/admin/settings', label: 'Settings' },
  ],
  tutor: [
    { to: '/tutor/dashboard', label: 'Overview' },
    { to: '/tutor/students', label: 'My Students' },
    { to: '/tutor/schedule', label: 'Schedule' },
    { to: '/tutor/earnings', label: 'Earnings' },
    { to: '/tutor/payout-method', label: 'Payout method' },
    { to: '/tutor/messages', label: 'Messages' },
    { to: '/tutor/profile', label: 'Profile' },
    { to: '/tutor/application', label: 'My application' },
  ],
  student: [
    { to: '/student/dashboard', label: 'Overview' },
    { to: '/student/book', label: 'Book Session' },
    { to: '/student/tutors', label: 'My Tutors' },
    { to: '/student/messages', label: 'Messages' },
    { to: '/student/progress', label: 'Progress' },
    { to: '/student/settings', label: 'Settings' },
  ],
};

/** Each area's strings namespace (locales/am/<namespace>.json); shared words fall back to 'common'. */
export const areaNamespace: Record<Area, 'admin' | 'tutor' | 'family'> = {
  admin: 'admin',
  tutor: 'tutor',
  student: 'family',
};

/** The top bar's fixed label (spec §2: 'Welcome back' with the label Admin); the other areas name their role. */
const areaLabel: Record<Area, string> = { admin: 'Admin', tutor: 'Tutor', student: 'Student' };

/** The signed-in areas' frame: a sidebar per role (collapsible on phones) and the top bar. */
export function AreaLayout({
  area,
  greetingName,
  children,
}: {
  area: Area;
  /** The signed-in person's own name, greeted instead of the role label (the family area, issue 15). */
  greetingName?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(areaNamespace[area]);
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    // Navigating closes the phone menu.
    setLastPath(location.pathname);
    setMenuOpen(false);
  }
  const onLogout = () => {
    logout();
    void navigate('/');
  };
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-lg px-3 py-2 font-medium ${
      isActive ? 'bg-brand-700 text-white' : 'text-brand-50 hover:bg-brand-700/60 hover:text-white'
    }`;

  return (
    <div className="min-h-screen bg-stone-50 lg:flex">
      <a
        href="#area-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t('Skip to content')}
      </a>
      <aside
        id="area-sidebar"
        className={`${menuOpen ? 'fixed inset-x-0 bottom-0 top-16 z-40 block overflow-y-auto' : 'hidden'} bg-brand-800 text-white lg:sticky lg:top-0 lg:block lg:h-screen lg:w-64 lg:shrink-0 lg:overflow-y-auto`}
      >
        <Link to="/" className="hidden items-center gap-2 px-5 py-5 text-lg font-bold lg:flex">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {SITE_NAME}
        </Link>
        <nav aria-label={t('Sidebar')} className="px-3 pb-6 pt-2 lg:pt-0">
          <ul className="flex flex-col gap-1">
            {areaLinks[area].map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={linkClass}>
                  {t(l.label)}
                  {/* Unread messages, kept live (issue 14). */}
                  {area !== 'admin' && l.to === `/${area}/messages` && <UnreadBadge area={area} />}
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={onLogout}
                className="block w-full rounded-lg px-3 py-2 text-left font-medium text-brand-50 hover:bg-brand-700/60 hover:text-white"
              >
                {t('Logout')}
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-2 border-b border-stone-200 bg-white px-3 sm:px-4">
          <div className="flex min-w-0 items-center gap-1 sm:gap-3">
            <MenuToggle open={menuOpen} onToggle={() => setMenuOpen((o) => !o)} controls="area-sidebar" />
            <p className="truncate text-sm text-stone-700 sm:text-base">
              {t('Welcome back,')}{' '}
              <span className="font-semibold text-brand-800">{greetingName || t(areaLabel[area])}</span>
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-1 text-sm sm:gap-2">
            {/* The language switch in every area too (issue 31 item 8); compact on phones. */}
            <LanguageSwitch id="language-area" compact />
            <Link
              to={`/${area}/profile`}
              className="whitespace-nowrap rounded-lg px-2 py-2 font-medium text-brand-700 hover:bg-brand-50 sm:px-3"
            >
              {t('My Profile')}
            </Link>
            <button
              type="button"
              onClick={onLogout}
              className="rounded-lg border border-stone-300 px-2 py-2 font-medium text-stone-800 hover:bg-stone-100 sm:px-3"
            >
              {t('Logout')}
            </button>
          </div>
        </header>
        <main id="area-main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The heading and purpose line of an area screen. */
export function AreaPageHeader({
  title,
  intro,
  actions,
}: {
  title: string;
  intro?: string;
  actions?: ReactNode;
}) {
  // Titles and intros are the English keys of the screen's own namespace (the area's), or of 'common'.
  const { t } = useTranslation();
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-brand-800">{t(title)}</h1>
        {intro && <p className="mt-1 max-w-2xl text-stone-600">{t(intro)}</p>}
      </div>
      {actions}
    </div>
  );
}

const screenSuffix: Record<Area, string> = { admin: 'Admin', tutor: 'Tutor', student: 'Student' };

/** One screen of an area: its title and description for the browser, and its page header. */
export function AreaScreen({
  area,
  title,
  intro,
  children,
}: {
  area: Area;
  title: string;
  intro: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(areaNamespace[area]);
  usePageMeta(`${t(title)} · ${t(screenSuffix[area])}`, t(intro));
  return (
    <>
      <AreaPageHeader title={t(title)} intro={t(intro)} />
      {children}
    </>
  );
}
