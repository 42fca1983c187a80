import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CommentsQueue } from '../../../features/admin-comments/components/comments-queue.tsx';
import { usePost } from '../../../features/admin-blog/api/get-post.ts';
import { useDeletePost } from '../../../features/admin-blog/api/delete-post.ts';
import {
  PostEditor,
  postState,
  postStateLabel,
} from '../../../features/admin-blog/components/post-editor.tsx';
import { PostsList } from '../../../features/admin-blog/components/posts-list.tsx';
import { TaxonomyManager } from '../../../features/admin-blog/components/taxonomy-manager.tsx';
import { OutboxScreen } from '../../../features/admin-outbox/components/outbox-screen.tsx';
import { OffersManager } from '../../../features/admin-offers/components/offers-manager.tsx';
import { OpenRefunds } from '../../../features/admin-payments/components/open-refunds.tsx';
import { PaymentsList } from '../../../features/admin-payments/components/payments-list.tsx';
import { ReportsScreen } from '../../../features/admin-reports/components/reports-screen.tsx';
import { RevenueOverview } from '../../../features/admin-reports/components/revenue-overview.tsx';
import { AdminOverview } from '../../../features/dashboard/components/admin-overview.tsx';
import { SettingsForm } from '../../../features/admin-settings/components/settings-form.tsx';
import { SubjectPrices } from '../../../features/admin-subjects/components/subject-prices.tsx';
import { AuditTrail } from '../../../features/audit/components/audit-trail.tsx';
import { AdminProfileForms } from '../../../features/admin-profile/components/profile-forms.tsx';
import { ProfileCard } from '../../../features/auth/components/profile-card.tsx';
import { signInAgain } from '../../../features/auth/hooks/use-auth.ts';
import type { Translate } from '../../../lib/translate-message.ts';
import { AreaScreen } from '../../layouts/area-layout.tsx';
import { ApplicationsList } from '../../../features/admin-tutor-applications/components/applications-list.tsx';
import { ApplicationDetail } from '../../../features/admin-tutor-applications/components/application-detail.tsx';
import { PayoutsScreen } from '../../../features/admin-payouts/components/payouts-screen.tsx';
import { LedgerScreen } from '../../../features/admin-ledger/components/ledger-screen.tsx';
import { MoneySection } from '../../../features/admin-ledger/components/money-section.tsx';

/**
 * An admin screen: its title and purpose line, then its tools. Callers pass them through `t()` of 'admin', so the
 * locales checker reads them; AreaScreen's own `t()` leaves a translated text as it is.
 */
export function AdminScreen(props: { title: string; intro: string; children?: ReactNode }) {
  return <AreaScreen area="admin" {...props} />;
}

export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen
      title={t('Overview')}
      intro={t('The business at a glance: accounts, tutors, bookings and revenue.')}
    >
      <AdminOverview />
      <RevenueOverview />
    </AdminScreen>
  );
}

export function AdminProfilePage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen title={t('My Profile')} intro={t('Your own name, e-mail and password.')}>
      <div className="mb-6">
        <ProfileCard />
      </div>
      <AdminProfileForms
        onPasswordChanged={(message) => {
          // The server has ended every session: sign in again with the new password (decision 256).
          signInAgain(message);
        }}
      />
    </AdminScreen>
  );
}

export function AdminPaymentsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen
      title={t('Payments')}
      intro={t(
        'Every payment of a booking: filter, see totals by currency, refund in full or in part, export CSV.',
      )}
    >
      <div className="mb-8">
        <OpenRefunds />
      </div>
      <PaymentsList
        details={(p) => (
          <AuditTrail entityType="payment" entityId={p.id} title={t('Refunds and changes')} compact />
        )}
      />
    </AdminScreen>
  );
}

export function AdminPayoutsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen
      title={t('Payouts')}
      intro={t(
        'Pay tutors their available earnings in birr: review a payout run, confirm it, then follow each payout.',
      )}
    >
      <PayoutsScreen />
    </AdminScreen>
  );
}

export function AdminOffersPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen
      title={t('Offers')}
      intro={t('The special offers of the home page carousel: write, order, publish or withdraw them.')}
    >
      <OffersManager details={(o) => <AuditTrail entityType="offer" entityId={String(o.id)} compact />} />
    </AdminScreen>
  );
}

export function AdminReportsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen
      title={t('Reports')}
      intro={t(
        'Revenue, sessions, tutor utilisation, new families and cancellations for a date range, with CSV.',
      )}
    >
      <ReportsScreen />
      <MoneySection />
    </AdminScreen>
  );
}

/** Admin → Ledger (issue 27, decision 232): the ledger's transactions with their entries, filtered, and CSV. */
export function AdminLedgerPage() {
  const { t } = useTranslation('admin-ledger');
  return (
    <AdminScreen
      title={t('Ledger')}
      intro={t(
        'Every movement of money as a journal transaction with its entries (debits and credits): filter by tutor, date and kind, export CSV.',
      )}
    >
      <LedgerScreen />
    </AdminScreen>
  );
}

export function AdminSettingsPage() {
  const { t } = useTranslation('admin-extra');
  const { t: ta } = useTranslation('admin');
  return (
    <AdminScreen
      title={ta('Settings')}
      intro={ta(
        "The contact details and map shown on the contact page, the site's name, the booking policy, and the subject prices in dollars and birr.",
      )}
    >
      <p className="mb-6">
        <Link to="/admin/settings/outbox" className="font-medium text-brand-700 underline">
          {t('Mail outbox: e-mails waiting, failing or given up')}
        </Link>
      </p>
      <SettingsForm />
      <SubjectPrices />
      <div className="mt-8 max-w-2xl">
        <AuditTrail entityType="settings" entityId="site" title={t('Audit trail')} />
      </div>
    </AdminScreen>
  );
}

/** Admin → Settings → Mail outbox (issue 29 item 4). */
export function AdminOutboxPage() {
  const { t } = useTranslation('admin-extra');
  return (
    <AdminScreen
      title={t('Mail outbox')}
      intro={t('Every e-mail the site sends: waiting, failing, given up or sent.')}
    >
      <p className="mb-4">
        <Link to="/admin/settings" className="font-medium text-brand-700 underline">
          {t('Back to Settings')}
        </Link>
      </p>
      <OutboxScreen />
    </AdminScreen>
  );
}

export function AdminCommentsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen
      title={t('Comments')}
      intro={t(
        'Comments on blog posts. Those held by the spam checks come first: approve, hide or delete them.',
      )}
    >
      <CommentsQueue
        details={(c) => <AuditTrail entityType="blog_comment" entityId={String(c.id)} compact />}
      />
    </AdminScreen>
  );
}

const blogTabs = (t: Translate) => [
  { to: '/admin/blog/posts', label: t('Posts') },
  { to: '/admin/blog/categories', label: t('Categories') },
  { to: '/admin/blog/tags', label: t('Tags') },
  { to: '/admin/blog/comments', label: t('Comments') },
];

export function AdminBlogLayout() {
  const { t } = useTranslation('admin');
  return (
    <>
      <nav aria-label={t('Blog')} className="mb-6 flex flex-wrap gap-2 border-b border-stone-200 pb-3">
        {blogTabs(t).map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) =>
              `rounded-lg px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-brand-700 hover:bg-brand-50'}`
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  );
}

export function AdminBlogPosts() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen
      title={t('Blog posts')}
      intro={t('Articles for parents and students: drafts, scheduled and published posts.')}
    >
      <PostsList />
    </AdminScreen>
  );
}

export function AdminBlogNewPost() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <AdminScreen
      title={t('New post')}
      intro={t('Write in Markdown, preview it, then save as a draft, publish or schedule.')}
    >
      <PostEditor onSaved={(p) => void navigate(`/admin/blog/posts/${p.id}`, { state: { saved: true } })} />
    </AdminScreen>
  );
}

export function AdminBlogPost() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const postId = Number(id);
  const navigate = useNavigate();
  const post = usePost(Number.isInteger(postId) ? postId : 0);
  const remove = useDeletePost();
  const [saved, setSaved] = useState(false);
  return (
    <AdminScreen
      title={t('Edit post')}
      intro={t('Change the post, its cover, category, tags, address or publication.')}
    >
      {post.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : post.isError ? (
        <Alert tone="error">{t('Post not found.')}</Alert>
      ) : (
        <div className="space-y-6">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="rounded-full bg-stone-100 px-2 py-0.5 font-semibold" data-testid="post-state">
              {postStateLabel(t, postState(post.data))}
            </span>
            {postState(post.data) === 'Published' && (
              <a href={`/blog/${post.data.slug}`} className="font-medium text-brand-700 underline">
                {t('View on the blog')}
              </a>
            )}
            <button
              type="button"
              className="font-medium text-red-700 underline"
              onClick={() => {
                if (window.confirm(t('Delete this post for good?')))
                  remove.mutate(post.data.id, { onSuccess: () => void navigate('/admin/blog/posts') });
              }}
            >
              {t('Delete post')}
            </button>
          </div>
          <div aria-live="polite">{saved && <Alert tone="success">{t('Post saved.')}</Alert>}</div>
          <PostEditor key={post.data.id} post={post.data} onSaved={() => setSaved(true)} />
          <AuditTrail entityType="blog_post" entityId={String(post.data.id)} />
        </div>
      )}
    </AdminScreen>
  );
}

export function AdminBlogTaxonomy({ kind }: { kind: 'categories' | 'tags' }) {
  const { t } = useTranslation('admin');
  return kind === 'categories' ? (
    <AdminScreen
      title={t('Categories')}
      intro={t("The blog's categories: readers filter posts by them on the blog.")}
    >
      <TaxonomyManager kind={kind} />
    </AdminScreen>
  ) : (
    <AdminScreen title={t('Tags')} intro={t("The blog's tags: readers filter posts by them on the blog.")}>
      <TaxonomyManager kind={kind} />
    </AdminScreen>
  );
}

export function AdminBlogComments() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen title={t('Blog comments')} intro={t('Held comments first: approve, hide or delete.')}>
      <CommentsQueue
        details={(c) => <AuditTrail entityType="blog_comment" entityId={String(c.id)} compact />}
      />
    </AdminScreen>
  );
}

/** Admin → Tutor applications (issue 27): the list by state. */
export function AdminTutorApplicationsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen
      title={t('Tutor applications')}
      intro={t('People who applied to teach: read their answers and documents, record checks, and decide.')}
    >
      <ApplicationsList />
    </AdminScreen>
  );
}

/** One tutor application: answers, documents, checks, history and the decision. */
export function AdminTutorApplicationPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  return (
    <AdminScreen
      title={t('Tutor application')}
      intro={t('The answers, documents and checks of one application, and your decision.')}
    >
      <div className="mb-4">
        <Link to="/admin/tutor-applications" className="font-semibold text-brand-700 underline">
          {t('Back to the applications')}
        </Link>
      </div>
      <ApplicationDetail id={id} />
    </AdminScreen>
  );
}
