/**
 * How much of a text field's limit is used ("120/2000"), under the field (decision 255). Point the field's
 * `aria-describedby` at `id` so a screen reader reads it with the field.
 */
export function CharCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className={`mt-1 text-right text-xs ${length >= max ? 'text-red-700' : 'text-stone-500'}`}>
      {length}/{max}
    </p>
  );
}
