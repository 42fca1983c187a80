/**
 * A table on wide screens and a list of cards on phones (each cell labelled by its `data-label`), so nothing
 * scrolls sideways at 390 px.
 */
export const cardTable = {
  table: 'w-full text-left text-sm max-md:block',
  thead: 'bg-stone-100 text-stone-700 max-md:sr-only',
  th: 'px-3 py-2 font-semibold',
  tbody: 'divide-y divide-stone-200 max-md:block max-md:space-y-3 max-md:divide-y-0',
  tr: 'align-top max-md:block max-md:rounded-xl max-md:border max-md:border-stone-200 max-md:bg-white max-md:p-3',
  td: 'px-3 py-2 max-md:flex max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:text-right max-md:before:shrink-0 max-md:before:text-left max-md:before:font-medium max-md:before:text-stone-600 max-md:before:content-[attr(data-label)]',
  wrap: 'rounded-xl border border-stone-200 bg-white max-md:border-0 max-md:bg-transparent',
} as const;

/** The column headings of a card table (already translated), hidden on phones where each cell is labelled. */
export function CardTableHead({ headings }: { headings: string[] }) {
  return (
    <thead className={cardTable.thead}>
      <tr>
        {headings.map((h) => (
          <th key={h} scope="col" className={cardTable.th}>
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A person in a card-table cell: the name, and the e-mail address below it (broken anywhere to fit a phone). */
export function NameAndEmail({ name, email }: { name: string; email: string }) {
  return (
    <span className="min-w-0">
      <span className="block font-medium">{name}</span>
      <span className="block break-all text-stone-600">{email}</span>
    </span>
  );
}
