import { useId } from 'react';

/** A labelled group of radio buttons (which sessions, what comes back, attended or not). */
export function ChoiceGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  inline = false,
}: {
  /** Already translated, like every text of these components. */
  legend: string;
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
  /** Side by side (short labels) rather than one per line. */
  inline?: boolean;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 font-medium text-stone-900">{legend}</legend>
      <div className={inline ? 'flex flex-wrap gap-x-4 gap-y-1' : 'space-y-1'}>
        {options.map(([option, label]) => (
          <label key={option} className="flex items-start gap-2">
            <input
              type="radio"
              name={name}
              value={option}
              className="mt-1.5 shrink-0"
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span className="min-w-0 break-words">{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
