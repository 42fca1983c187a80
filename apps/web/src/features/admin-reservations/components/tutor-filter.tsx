import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputStyles } from '../../../components/ui/button-styles.ts';
import { useTutorOptions, useTutorOption } from '../api/get-tutor-options.ts';

const label = 'mb-1 block text-sm font-medium text-stone-800';

/**
 * The reservations' tutor filter at any number of tutors (decision 243): a search box ("Find a tutor", name or
 * subject) narrows the tutors the select offers, read from the server's tutor search; the chosen tutor stays
 * offered (and named) whatever the search. Two labelled native controls, so every reader can use them.
 */
export function TutorFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  // One request when the typing pauses, not one per key.
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const options = useTutorOptions(q);
  const chosenId = Number(value) || undefined;
  const listed = options.data ?? [];
  const chosen = useTutorOption(
    chosenId !== undefined && !listed.some((o) => o.id === chosenId) ? chosenId : undefined,
  );
  const all = chosen.data && !listed.some((o) => o.id === chosen.data.id) ? [chosen.data, ...listed] : listed;

  return (
    <div className="flex min-w-0 flex-[2_1_18rem] gap-3 sm:flex-none">
      <div className="min-w-0 flex-1 sm:w-48">
        <label htmlFor="reservations-tutor-search" className={label}>
          {t('Find a tutor')}
        </label>
        <input
          id="reservations-tutor-search"
          type="search"
          className={`${inputStyles} min-w-0`}
          placeholder={t('Name or subject')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="min-w-0 flex-1 sm:w-48">
        <label htmlFor="reservations-tutor" className={label}>
          {t('Tutor')}
        </label>
        <select
          id="reservations-tutor"
          className={inputStyles}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{t('All tutors')}</option>
          {all.map((tutor) => (
            <option key={tutor.id} value={String(tutor.id)}>
              {tutor.full_name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
