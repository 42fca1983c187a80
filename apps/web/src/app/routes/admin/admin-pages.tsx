import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { api, readList } from '../../../lib/api-client.ts';

import { AreaScreen } from '../../layouts/area-layout.tsx';

/**
 * The admin screens that get their full tools in their own issues: each says what it is for and, where an API
 * already answers, lists real data (so no screen is ever blank).
 */
export function AdminScreen(props: { title: string; intro: string; children?: ReactNode }) {
  return <AreaScreen area="admin" {...props} />;
}

type Row = Record<string, unknown>;

function RemoteList({
  path,
  query,
  render,
  empty,
}: {
  path: string;
  query?: Record<string, string>;
  render: (row: Row) => ReactNode;
  empty: string;
}) {
  const result = useQuery({
    queryKey: ['admin', 'remote-list', path, query],
    queryFn: async () => readList<Row>(await api.get(path, { query, bustCache: true })),
  });
  if (result.isPending) return <Spinner label="Loading..." />;
  if (result.isError) return <Alert tone="info">This list is not available yet.</Alert>;
  if (!result.data.length)
    return (
      <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">{empty}</p>
    );
  return (
    <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
      {result.data.map((row, i) => (
        <li key={String(row.id ?? i)} className="px-4 py-3">
          {render(row)}
        </li>
      ))}
    </ul>
  );
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export function AdminTutors() {
  return (
    <AdminScreen
      title="Manage Tutors"
      intro="The tutors families can book: profiles, subjects, rates and weekly availability."
    >
      <div className="mb-4">
        <Link to="/admin/tutors/add" className={buttonStyles.primary}>
          Add tutor
        </Link>
      </div>
      <RemoteList
        path="/tutors/public/"
        empty="No tutors yet."
        render={(t) => (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="font-semibold">{str(t.full_name) || 'Unnamed Tutor'}</p>
              <p className="text-sm text-stone-600">
                {str(t.subject)} · ${str(t.hourly_rate)}/hr
              </p>
            </div>
            <span className="flex gap-3 text-sm">
              <Link to={`/admin/tutors/${str(t.id)}/view`} className="text-brand-700 underline">
                View
              </Link>
              <Link to={`/admin/tutors/${str(t.id)}/edit`} className="text-brand-700 underline">
                Edit
              </Link>
            </span>
          </div>
        )}
      />
    </AdminScreen>
  );
}

export function AdminTutorView() {
  const { id = '' } = useParams();
  const tutor = useQuery({
    queryKey: ['admin', 'tutor', id],
    queryFn: () => api.get<Row>(`/tutors/public/${encodeURIComponent(id)}/`, { bustCache: true }),
  });
  return (
    <AdminScreen title="Tutor" intro="A tutor's public profile as families see it.">
      {tutor.isPending ? (
        <Spinner label="Loading..." />
      ) : tutor.isError ? (
        <Alert tone="error">Tutor not found.</Alert>
      ) : (
        <dl className="grid max-w-2xl grid-cols-[max-content_1fr] gap-x-6 gap-y-3 rounded-xl border border-stone-200 bg-white p-5">
          {(
            [
              ['Name', tutor.data.full_name],
              ['Subject', tutor.data.subject],
              ['Grades', `${str(tutor.data.grade_from)}–${str(tutor.data.grade_to)}`],
              ['Hourly rate', `$${str(tutor.data.hourly_rate)}`],
              ['Education', tutor.data.education],
              ['Experience', `${str(tutor.data.years_of_experience)} years`],
              ['Bio', tutor.data.bio],
            ] as [string, unknown][]
          ).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-stone-600">{k}</dt>
              <dd>{str(v) || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
    </AdminScreen>
  );
}

export function AdminOffers() {
  return (
    <AdminScreen title="Offers" intro="The special offers shown in the home page carousel.">
      <RemoteList
        path="/offers/"
        empty="No offers yet."
        render={(o) => (
          <>
            <p className="font-semibold">{str(o.title)}</p>
            <p className="text-sm text-stone-600">{str(o.description)}</p>
          </>
        )}
      />
    </AdminScreen>
  );
}

export function AdminReservationDetails() {
  const { id = '' } = useParams();
  const reservation = useQuery({
    queryKey: ['admin', 'reservation', id],
    queryFn: () => api.get<Row>(`/reservations/reservations/${encodeURIComponent(id)}/`, { bustCache: true }),
  });
  return (
    <AdminScreen
      title="Reservation details"
      intro="A family's booking: who, with whom, when, and its payment status."
    >
      {reservation.isPending ? (
        <Spinner label="Loading..." />
      ) : reservation.isError ? (
        <Alert tone="error">Reservation not found.</Alert>
      ) : (
        <dl className="grid max-w-2xl grid-cols-[max-content_1fr] gap-x-6 gap-y-3 rounded-xl border border-stone-200 bg-white p-5">
          {(
            [
              ['Reservation', reservation.data.id],
              ['Status', reservation.data.status],
              ['Family', reservation.data.full_name],
              ['Email', reservation.data.email],
              ['Subject', reservation.data.subject],
              ['Amount', `$${str(reservation.data.amount)}`],
            ] as [string, unknown][]
          ).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-stone-600">{k}</dt>
              <dd className="break-all">{str(v) || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
    </AdminScreen>
  );
}

const blogTabs = [
  { to: '/admin/blog/posts', label: 'Posts' },
  { to: '/admin/blog/categories', label: 'Categories' },
  { to: '/admin/blog/tags', label: 'Tags' },
  { to: '/admin/blog/comments', label: 'Comments' },
];

export function AdminBlogLayout() {
  return (
    <>
      <nav aria-label="Blog" className="mb-6 flex flex-wrap gap-2 border-b border-stone-200 pb-3">
        {blogTabs.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            className={({ isActive }) =>
              `rounded-lg px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-brand-700 hover:bg-brand-50'}`
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  );
}

export function AdminBlogPosts() {
  return (
    <AdminScreen title="Blog posts" intro="Articles for parents and students, published on the blog.">
      <RemoteList
        path="/blog/posts/"
        empty="No posts yet."
        render={(p) => (
          <div className="flex flex-wrap justify-between gap-2">
            <p className="font-semibold">{str(p.title)}</p>
            <Link to={`/admin/blog/posts/${str(p.id)}`} className="text-sm text-brand-700 underline">
              Open
            </Link>
          </div>
        )}
      />
    </AdminScreen>
  );
}

export function AdminBlogPost() {
  const { id = '' } = useParams();
  const post = useQuery({
    queryKey: ['admin', 'blog-post', id],
    queryFn: () => api.get<Row>(`/blog/posts/${encodeURIComponent(id)}`, { bustCache: true }),
  });
  return (
    <AdminScreen title="Blog post" intro="One article and its public address.">
      {post.isPending ? (
        <Spinner label="Loading..." />
      ) : post.isError ? (
        <Alert tone="error">Post not found.</Alert>
      ) : (
        <article className="max-w-3xl rounded-xl border border-stone-200 bg-white p-5">
          <h2 className="text-xl font-semibold">{str(post.data.title)}</h2>
          <p className="mt-1 text-sm text-stone-600">/blog/{str(post.data.slug)}</p>
          <p className="mt-4 whitespace-pre-line">
            {str(post.data.excerpt) || str(post.data.body).slice(0, 400)}
          </p>
        </article>
      )}
    </AdminScreen>
  );
}

export function AdminBlogTaxonomy({ kind }: { kind: 'categories' | 'tags' }) {
  const title = kind === 'categories' ? 'Categories' : 'Tags';
  return (
    <AdminScreen title={title} intro={`The blog's ${kind}, used as filters on the public blog.`}>
      <RemoteList
        path={`/blog/${kind}/`}
        empty={`No ${kind} yet.`}
        render={(c) => (
          <p>
            {str(c.name)} <span className="text-sm text-stone-500">/{str(c.slug)}</span>
          </p>
        )}
      />
    </AdminScreen>
  );
}
