import { useState, type ReactNode } from 'react';
import { buttonStyles, inputStyles } from './button-styles.ts';

/** The search box of a list: the typed text is sent (trimmed) when the reader presses the button or Enter. */
export type ToolbarSearch = {
  id: string;
  label: string;
  placeholder?: string;
  /** The button's text ('Search'). */
  button: string;
  /** The search in force (from the address); the box starts with it. */
  value: string;
  onSearch: (text: string) => void;
};

/** A filter of a list: a choice among options, or a date; it applies as soon as it changes. */
export type ToolbarFilter = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server refused this value (a range ending before it starts). */
  invalid?: boolean;
} & ({ type: 'select'; options: readonly { value: string; label: string }[] } | { type: 'date' });

const label = 'mb-1 block text-sm font-medium text-stone-800';

/**
 * Above an admin list: the search box, the filters, a slot for actions (export, write a new one) and the count of
 * what matches, announced politely when it changes. Every text comes translated from the caller.
 */
export function ListToolbar({
  search,
  filters = [],
  actions,
  count,
}: {
  search?: ToolbarSearch;
  filters?: readonly ToolbarFilter[];
  actions?: ReactNode;
  /** What matches, e.g. '93 payments'; left out while unknown. */
  count?: string;
}) {
  const [text, setText] = useState(search?.value ?? '');
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        {search && (
          <form
            role="search"
            className="w-full min-w-0 sm:w-auto sm:flex-[2_1_18rem]"
            onSubmit={(e) => {
              e.preventDefault();
              search.onSearch(text.trim());
            }}
          >
            <label htmlFor={search.id} className={label}>
              {search.label}
            </label>
            <div className="flex gap-2">
              <input
                id={search.id}
                type="search"
                className={`${inputStyles} min-w-0 flex-1`}
                placeholder={search.placeholder}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
              <button type="submit" className={buttonStyles.secondary}>
                {search.button}
              </button>
            </div>
          </form>
        )}
        {filters.map((f) => (
          <div key={f.id} className="min-w-0 flex-[1_1_9rem] sm:w-48 sm:flex-none">
            <label htmlFor={f.id} className={label}>
              {f.label}
            </label>
            {f.type === 'select' ? (
              <select
                id={f.id}
                className={inputStyles}
                value={f.value}
                onChange={(e) => f.onChange(e.target.value)}
              >
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={f.id}
                type="date"
                className={`${inputStyles} min-w-0`}
                value={f.value}
                onChange={(e) => f.onChange(e.target.value)}
                aria-invalid={f.invalid ? true : undefined}
              />
            )}
          </div>
        ))}
        {actions && <div className="flex flex-wrap items-end gap-2">{actions}</div>}
      </div>
      {/* Always there, so that a screen reader hears the new count after a search or a filter. */}
      <p aria-live="polite" className={count ? 'text-sm text-stone-600' : 'sr-only'}>
        {count}
      </p>
    </div>
  );
}
