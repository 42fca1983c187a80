import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatEat } from '@tibeb/domain/admin/format';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { useDeactivateUser } from '../api/deactivate-user.ts';
import { useUser } from '../api/get-user.ts';
import { UserForm } from './user-form.tsx';

/** One account: details, Edit, and Deactivate (with confirmation). */
export function UserView({ id }: { id: string }) {
  const query = useUser(id);
  const dates = useDates();
  const deactivate = useDeactivateUser();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  if (query.isPending) return <Spinner label="Loading..." />;
  if (query.isError) {
    return (
      <Alert tone="error">
        {query.error instanceof ApiError && query.error.status === 404
          ? 'User not found.'
          : 'We could not load this user.'}
      </Alert>
    );
  }
  const u = query.data;
  const rows: [string, string][] = [
    ['Username', u.username],
    ['Email', u.email],
    ['Name', `${u.first_name} ${u.last_name}`.trim() || '—'],
    ['Phone', u.phone || '—'],
    ['Role', u.role],
    ['Status', u.is_active ? 'Active' : 'Deactivated'],
    ['Password', u.has_password ? 'Set' : 'Not set yet (set-password link sent)'],
    ['Last sign-in', formatEat(u.last_login_at, dates)],
    ['Created', formatEat(u.created_at, dates)],
  ];

  async function onDeactivate() {
    setError('');
    try {
      await deactivate.mutateAsync(id);
      setDone(`${u.username} has been deactivated.`);
      setConfirming(false);
      await query.refetch();
    } catch (err) {
      setConfirming(false);
      setError(err instanceof ApiError ? err.message : 'Network error. Please try again later.');
    }
  }

  return (
    <div className="max-w-2xl space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-3 rounded-xl border border-stone-200 bg-white p-5">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-stone-600">{k}</dt>
            <dd className="break-all">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Link to={`/admin/users/${u.id}/edit`} className={buttonStyles.primary}>
          Edit
        </Link>
        {u.is_active && (
          <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(true)}>
            Deactivate
          </button>
        )}
        <Link to="/admin/users" className={buttonStyles.secondary}>
          Back to users
        </Link>
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Deactivate this user?">
        <p className="text-stone-700">
          {u.username} will no longer be able to sign in. Their bookings and history are kept, and you can
          reactivate the account later.
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(false)}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={onDeactivate}
            disabled={deactivate.isPending}
          >
            {deactivate.isPending ? 'Deactivating...' : 'Deactivate'}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

/** The edit screen: loads the account, then the form. */
export function UserEdit({ id, onSaved }: { id: string; onSaved: (id: string) => void }) {
  const query = useUser(id);
  if (query.isPending) return <Spinner label="Loading..." />;
  if (query.isError) return <Alert tone="error">We could not load this user.</Alert>;
  return <UserForm user={query.data} onSaved={(u) => onSaved(u.id)} />;
}
