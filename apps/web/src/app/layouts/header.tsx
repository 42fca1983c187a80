import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useAuth, logout } from '../../features/auth/hooks/use-auth.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { SITE_NAME } from '../../lib/page-meta.ts';
import { MenuToggle } from '../../components/ui/menu-toggle.tsx';
import { EthiopianDatesToggle, LanguageSwitch } from './language-switch.tsx';

// The Sign In dialog (its form, validation and contract) is code a visitor needs only on asking to sign in: it
// loads then, or as the pointer or focus reaches the button (decision 245).
const loadLoginDialog = () => import('../../features/auth/components/login-dialog.tsx');
const LoginDialog = lazy(async () => ({ default: (await loadLoginDialog()).LoginDialog }));
const preloadLoginDialog = () => void loadLoginDialog();

/** The public header's links, in the spec's order (§2 Navigation). */
export const headerLinks = [
  { to: '/', label: 'Home' },
  { to: '/subjects', label: 'Subjects' },
  { to: '/contact', label: 'Contact' },
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/faq', label: 'FAQ' },
] as const;

export function Header() {
  const { t } = useTranslation('common');
  const [menuOpen, setMenuOpen] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginAsked, setLoginAsked] = useState(false);
  const { isSignedIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    // Navigating closes the phone menu.
    setLastPath(location.pathname);
    setMenuOpen(false);
  }

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 font-medium ${isActive ? 'text-brand-700 bg-brand-50' : 'text-stone-700 hover:text-brand-700 hover:bg-stone-100'}`;

  const authButton = isSignedIn ? (
    <button
      type="button"
      className={buttonStyles.secondary}
      onClick={() => {
        logout();
        void navigate('/');
      }}
    >
      {t('Logout')}
    </button>
  ) : (
    <button
      type="button"
      className={buttonStyles.secondary}
      onPointerEnter={preloadLoginDialog}
      onFocus={preloadLoginDialog}
      onClick={() => {
        setLoginAsked(true);
        setLoginOpen(true);
      }}
    >
      {t('Sign In')}
    </button>
  );

  // One list of links and actions, laid out in a row on desktop and in the menu on phones.
  const navItems = headerLinks.map((l) => (
    <li key={l.to}>
      <NavLink to={l.to} end={l.to === '/'} className={linkClass}>
        {t(l.label)}
      </NavLink>
    </li>
  ));
  const actions = (
    <>
      <Link to="/tutors" className={buttonStyles.accent}>
        {t('Find a Subject')}
      </Link>
      {authButton}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        {t('Skip to content')}
      </a>
      <nav
        aria-label={t('Main')}
        className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3"
      >
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          {SITE_NAME}
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">{navItems}</ul>
        <div className="hidden items-center gap-2 lg:flex">
          <div className="flex flex-col items-start">
            <LanguageSwitch id="language-desktop" />
            <EthiopianDatesToggle id="ethiopian-dates-desktop" className="pl-6 text-xs" />
          </div>
          {actions}
        </div>
        <div className="ml-auto lg:hidden">
          <LanguageSwitch id="language-phone" />
        </div>
        <MenuToggle open={menuOpen} onToggle={() => setMenuOpen((o) => !o)} controls="mobile-menu" />
      </nav>
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-stone-200 bg-white px-4 pb-4 lg:hidden">
          <ul className="flex flex-col gap-1 py-2">{navItems}</ul>
          <div className="flex flex-col gap-2">{actions}</div>
          <EthiopianDatesToggle
            id="ethiopian-dates-phone"
            className="mt-3 border-t border-stone-200 py-3 text-sm"
          />
        </div>
      )}
      {loginAsked && (
        <Suspense fallback={null}>
          <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
