import { useTranslation } from 'react-i18next';
import { faqItems, faqValues } from '@tibeb/domain/site/faq';
import { useSiteSettings } from '../api/get-site-settings.ts';
import { LineIcon } from '../../../components/ui/line-icon.tsx';

/** The FAQ's accordion: native <details>, keyboard and screen-reader friendly without script; numbers from the policy. */
export function FaqAccordion() {
  const { t } = useTranslation('public');
  // The policy's numbers (notice hours, weeks per payment) come from the settings (decision 254).
  const values = faqValues(useSiteSettings().data?.policy_words);
  return (
    <div className="divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
      {faqItems.map((item) => (
        <details key={item.id} id={`faq-${item.id}`} className="group px-5 py-1">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-stone-900 marker:hidden focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden">
            <h2 className="text-base">{t(item.question)}</h2>
            <LineIcon
              name="chevron-down"
              className="shrink-0 text-brand-700 transition-transform group-open:rotate-180 motion-reduce:transition-none"
            />
          </summary>
          <p className="pb-5 text-stone-700">{t(item.answer, values)}</p>
        </details>
      ))}
    </div>
  );
}
