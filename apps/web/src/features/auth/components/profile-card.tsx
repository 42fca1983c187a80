import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { FactList } from '../../../components/ui/fact-list.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { useMe } from '../api/get-me.ts';

/** The signed-in account's details (the areas' profile screens). */
export function ProfileCard() {
  const { t } = useTranslation('auth');
  const dates = useDates();
  const me = useMe();
  if (me.isPending) return <Spinner label={t('Loading...')} />;
  if (me.isError) return <Alert tone="error">{t('We could not load your profile. Please try again.')}</Alert>;
  const u = me.data;
  const rows: [string, string][] = [
    [t('Username'), u.username],
    [t('Email'), u.email],
    [t('Name'), `${u.first_name} ${u.last_name}`.trim() || '—'],
    [t('Phone'), u.phone || '—'],
    // The role as the account stores it ('admin', 'tutor'…), translated for Amharic readers.
    [t('Role'), t(u.role)],
    [t('Last sign-in'), u.last_login_at ? dates.format(u.last_login_at, 'dateTime') : '—'],
  ];
  return <FactList rows={rows} className="max-w-xl" />;
}
