import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlogCategory } from '@tibeb/domain/blog/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeleteTaxonomy, useSaveTaxonomy, useTaxonomy, type TaxonomyKind } from '../api/taxonomy.ts';
import { translateFieldError } from '../../../lib/translate-message.ts';

const small = 'rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100';

function NameForm({ kind, item, onDone }: { kind: TaxonomyKind; item?: BlogCategory; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveTaxonomy();
  const [name, setName] = useState(item?.name ?? '');
  const [slug, setSlug] = useState(item?.slug ?? '');
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const id = `${kind}-${item?.id ?? 'new'}`;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { kind, id: item?.id, body: { name, ...(slug.trim() ? { slug: slug.trim() } : {}) } },
      {
        onSuccess: () => {
          if (!item) {
            setName('');
            setSlug('');
          }
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" noValidate>
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
          {t('Name')}
        </label>
        <input
          id={`${id}-name`}
          className={inputStyles}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={errors.name ? true : undefined}
        />
        {errors.name?.[0] && (
          <p className="mt-1 text-sm text-red-700">{translateFieldError(t, save.error, 'name')}</p>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-slug`} className="mb-1 block text-sm font-medium">
          {t('Slug')}
        </label>
        <input
          id={`${id}-slug`}
          className={inputStyles}
          value={slug}
          maxLength={120}
          placeholder={t('from the name')}
          onChange={(e) => setSlug(e.target.value)}
          aria-invalid={errors.slug ? true : undefined}
        />
        {errors.slug?.[0] && (
          <p className="mt-1 text-sm text-red-700">{translateFieldError(t, save.error, 'slug')}</p>
        )}
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
        {item ? t('Save') : t('Add')}
      </button>
      {item && (
        <button type="button" className={buttonStyles.secondary} onClick={onDone}>
          {t('Cancel')}
        </button>
      )}
    </form>
  );
}

/** The blog's categories or tags: add, rename (name and slug) and delete. */
export function TaxonomyManager({ kind }: { kind: TaxonomyKind }) {
  const { t } = useTranslation('admin');
  const list = useTaxonomy(kind);
  const remove = useDeleteTaxonomy();
  const [editing, setEditing] = useState<number | null>(null);
  const text =
    kind === 'categories'
      ? {
          add: t('Add a category'),
          notDeleted: t('The category could not be deleted.'),
          notLoaded: t('We could not load the categories.'),
          none: t('No categories yet.'),
        }
      : {
          add: t('Add a tag'),
          notDeleted: t('The tag could not be deleted.'),
          notLoaded: t('We could not load the tags.'),
          none: t('No tags yet.'),
        };
  return (
    <div className="space-y-4">
      <section aria-label={text.add} className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">{text.add}</h2>
        <NameForm kind={kind} onDone={() => undefined} />
      </section>
      {remove.isError && <Alert tone="error">{text.notDeleted}</Alert>}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : list.isError ? (
        <Alert tone="error">{text.notLoaded}</Alert>
      ) : list.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
          {text.none}
        </p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {list.data.map((item) => (
            <li key={item.id} className="px-4 py-3">
              {editing === item.id ? (
                <NameForm kind={kind} item={item} onDone={() => setEditing(null)} />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 break-words">
                    {item.name} <span className="text-sm text-stone-600">/{item.slug}</span>
                  </p>
                  <span className="flex gap-2">
                    <button type="button" className={small} onClick={() => setEditing(item.id)}>
                      {t('Rename')}
                      <span className="sr-only"> {item.name}</span>
                    </button>
                    <button
                      type="button"
                      className={`${small} text-red-700`}
                      onClick={() => remove.mutate({ kind, id: item.id })}
                    >
                      {t('Delete')}
                      <span className="sr-only"> {item.name}</span>
                    </button>
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
