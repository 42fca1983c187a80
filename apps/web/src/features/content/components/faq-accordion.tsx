import { useTranslation } from 'react-i18next';
import { faqItems } from '@tibeb/domain/site/faq';

/** The FAQ's accordion: native <details>, keyboard and screen-reader friendly without script. */
export function FaqAccordion() {
  const { t } = useTranslation('public');
  return (
    <div className="divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
      {faqItems.map((item) => (
        <details key={item.id} id={`faq-${item.id}`} className="group px-5 py-1">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-stone-900 marker:hidden focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden">
            <h2 className="text-base">{t(item.question)}</h2>
            <svg
              aria-hidden="true"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              className="shrink-0 text-brand-700 transition-transform group-open:rotate-180 motion-reduce:transition-none"
            >
              <path d="M6 9l6 6 6-6" />
            </svg>
          </summary>
          <p className="pb-5 text-stone-700">{t(item.answer)}</p>
        </details>
      ))}
    </div>
  );
}
