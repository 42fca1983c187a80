import { useTranslation } from 'react-i18next';

export const wizardSteps = ['Contact & Student', 'Schedule', 'Confirmation'] as const;

/** The three steps (spec §2); the active one carries aria-current="step". */
export function StepIndicator({ step }: { step: 1 | 2 | 3 }) {
  const { t } = useTranslation('booking');
  return (
    <nav aria-label={t('Booking steps')}>
      <ol className="grid grid-cols-3 gap-2 text-center text-xs font-medium sm:text-sm">
        {wizardSteps.map((label, i) => {
          const n = i + 1;
          const state = n === step ? 'active' : n < step ? 'done' : 'todo';
          return (
            <li
              key={label}
              aria-current={state === 'active' ? 'step' : undefined}
              className="flex flex-col items-center gap-1.5"
            >
              <span
                aria-hidden="true"
                className={`flex h-8 w-8 items-center justify-center rounded-full border-2 font-semibold ${
                  state === 'active'
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : state === 'done'
                      ? 'border-brand-600 bg-brand-50 text-brand-700'
                      : 'border-stone-300 bg-white text-stone-500'
                }`}
              >
                {state === 'done' ? '✓' : n}
              </span>
              <span className={state === 'active' ? 'text-brand-800' : 'text-stone-600'}>
                <span className="sr-only">{t('Step {{n}}:', { n })} </span>
                {t(label)}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
