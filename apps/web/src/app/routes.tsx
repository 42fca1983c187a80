/**
 * The route table, shared by the browser's router (router.tsx) and the server's render (entry-server.tsx): public
 * pages under the public layout, the signed-in areas each a chunk of its own.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { PublicLayout } from './layouts/public-layout.tsx';
import HomePage from './routes/public/home.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { loadAreaStrings } from '../lib/i18n.ts';

/** A route whose page is its own chunk, loaded on first visit. */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** A signed-in area: its code and, in Amharic, its strings (fetched only for the areas) before it renders. */
const areaPage = (load: () => Promise<{ default: ComponentType }>) =>
  page(async () => (await Promise.all([load(), loadAreaStrings()]))[0]);

/** A signed-in area (spec §6), its guard loaded with it: a public page's first load carries neither (decision 245). */
const area = (
  path: string,
  roles: readonly string[],
  load: () => Promise<{ default: ComponentType }>,
): RouteObject => ({
  path,
  lazy: async () => {
    const { RequireRole } = await import('./require-role.tsx');
    return { element: <RequireRole roles={roles} /> };
  },
  hydrateFallbackElement: <LoadingScreen />,
  children: [{ path: '*', ...areaPage(load) }],
});

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, Component: HomePage },
      { path: 'about', ...page(() => import('./routes/public/about.tsx')) },
      { path: 'subjects', ...page(() => import('./routes/public/subjects.tsx')) },
      { path: 'tutors', ...page(() => import('./routes/public/tutors.tsx')) },
      { path: 'tutors/:tutor', ...page(() => import('./routes/public/tutor-page.tsx')) },
      { path: 'subjects/:slug', ...page(() => import('./routes/public/subject-page.tsx')) },
      { path: 'testimonials', ...page(() => import('./routes/public/testimonials.tsx')) },
      { path: 'contact', ...page(() => import('./routes/public/contact.tsx')) },
      { path: 'blog', ...page(() => import('./routes/public/blog.tsx')) },
      { path: 'blog/:slug', ...page(() => import('./routes/public/blog-post.tsx')) },
      { path: 'booking/form', ...page(() => import('./routes/public/booking-form.tsx')) },
      { path: 'booking/trial/:tutorId', ...page(() => import('./routes/public/trial-booking.tsx')) },
      { path: 'payment', ...page(() => import('./routes/public/payment.tsx')) },
      { path: 'payment-success', ...page(() => import('./routes/public/payment-success.tsx')) },
      { path: 'payment-cancel', ...page(() => import('./routes/public/payment-cancel.tsx')) },
      { path: 'substitution/:token', ...page(() => import('./routes/public/substitution.tsx')) },
      { path: 'PrvacyPolicy', caseSensitive: true, ...page(() => import('./routes/public/privacy.tsx')) },
      { path: 'terms', ...page(() => import('./routes/public/terms.tsx')) },
      { path: 'faq', ...page(() => import('./routes/public/faq.tsx')) },
      { path: 'teach', ...page(() => import('./routes/public/teach.tsx')) },
      { path: 'login', ...page(() => import('./routes/public/login.tsx')) },
      { path: 'signup', ...page(() => import('./routes/public/signup.tsx')) },
      { path: 'forgot-password', ...page(() => import('./routes/public/forgot-password.tsx')) },
      { path: 'reset-password', ...page(() => import('./routes/public/reset-password.tsx')) },
      { path: 'verify-email', ...page(() => import('./routes/public/verify-email.tsx')) },
      { path: '*', ...page(() => import('./routes/public/not-found.tsx')) },
    ],
  },
  area('/admin', ADMIN_ROLES, () => import('./routes/admin/admin-area.tsx')),
  area('/tutor', ['tutor'], () => import('./routes/tutor/tutor-area.tsx')),
  area('/student', ['student'], () => import('./routes/student/student-area.tsx')),
];
