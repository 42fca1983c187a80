import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FactList } from '../../../components/ui/fact-list.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatEat } from '@tibeb/domain/admin/format';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useDeactivateUser } from '../api/deactivate-user.ts';
import { useUser } from '../api/get-user.ts';
import { UserForm } from './user-form.tsx';

/** One account: details, Edit, and Deactivate (with confirmation). */
export function UserView({ id }: { id: string }) {
  // The roles are the sign-in pages' texts ('auth'); the server's answers are translated by their code.
  const { t } = useTranslation(['admin', 'auth'], { nsMode: 'fallback' });
  const query = useUser(id);
  const dates = useDates();
  const deactivate = useDeactivateUser();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  if (query.isPending) return <Spinner label={t('Loading...')} />;
  if (query.isError) {
    return (
      <Alert tone="error">
        {query.error instanceof ApiError && query.error.status === 404
          ? t('User not found.')
          : t('We could not load this user.')}
      </Alert>
    );
  }
  const u = query.data;
  const rows: [string, string][] = [
    [t('Username'), u.username],
    [t('Email'), u.email],
    [t('Name'), `${u.first_name} ${u.last_name}`.trim() || '—'],
    [t('Phone'), u.phone || '—'],
    [t('Role'), t(u.role)],
    [t('Status'), u.is_active ? t('Active') : t('Deactivated')],
    [t('Password'), u.has_password ? t('Set') : t('Not set yet (set-password link sent)')],
    [t('Last sign-in'), formatEat(u.last_login_at, dates)],
    [t('Created'), formatEat(u.created_at, dates)],
  ];

  async function onDeactivate() {
    setError('');
    try {
      await deactivate.mutateAsync(id);
      setDone(t('{{username}} has been deactivated.', { username: u.username }));
      setConfirming(false);
      await query.refetch();
    } catch (err) {
      setConfirming(false);
      setError(translateAnswer(t, err) ?? t('Network error. Please try again later.'));
    }
  }

  return (
    <div className="max-w-2xl space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <FactList rows={rows} />
      <div className="flex flex-wrap gap-2">
        <Link to={`/admin/users/${u.id}/edit`} className={buttonStyles.primary}>
          {t('Edit')}
        </Link>
        {u.is_active && (
          <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(true)}>
            {t('Deactivate')}
          </button>
        )}
        <Link to="/admin/users" className={buttonStyles.secondary}>
          {t('Back to users')}
        </Link>
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t('Deactivate this user?')}>
        <p className="text-stone-700">
          {t(
            '{{username}} will no longer be able to sign in. Their bookings and history are kept, and you can reactivate the account later.',
            { username: u.username },
          )}
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(false)}>
            {t('Cancel')}
          </button>
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={onDeactivate}
            disabled={deactivate.isPending}
          >
            {deactivate.isPending ? t('Deactivating...') : t('Deactivate')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

/** The edit screen: loads the account, then the form. */
export function UserEdit({ id, onSaved }: { id: string; onSaved: (id: string) => void }) {
  const { t } = useTranslation('admin');
  const query = useUser(id);
  if (query.isPending) return <Spinner label={t('Loading...')} />;
  if (query.isError) return <Alert tone="error">{t('We could not load this user.')}</Alert>;
  return <UserForm user={query.data} onSaved={(u) => onSaved(u.id)} />;
}
