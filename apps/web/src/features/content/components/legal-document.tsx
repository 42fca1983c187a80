import { useTranslation } from 'react-i18next';
import type { LegalDocument } from '@tibeb/domain/site/legal';

/** A document's version and effective date, for the texts that name them. */
export const versionAndDate = (doc: LegalDocument) => ({ version: doc.version, date: doc.effectiveDate });

/**
 * One legal document: title, version and date, then its numbered sections. The sections stay in English in
 * every language (decision 205): a reader of Amharic is told so, and the text is marked `lang="en"`.
 */
export function LegalDocumentView({
  document: doc,
  headingLevel = 2,
}: {
  document: LegalDocument;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation('public');
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const Section = headingLevel === 2 ? 'h3' : 'h4';
  const slug = doc.title.toLowerCase().replace(/\s+/g, '-');
  const english = i18n.language === 'en';
  return (
    <article
      aria-labelledby={slug}
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-10"
    >
      <Title id={slug} className="text-2xl font-bold text-stone-900">
        {t(doc.title)}
      </Title>
      <p className="mt-2 text-sm text-stone-600">
        {t('Version {{version}} · Effective {{date}} · Last updated {{date}}', versionAndDate(doc))}
      </p>
      {!english && (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-stone-800 ring-1 ring-amber-200">
          {t('The text of this document is in English; the English version applies.')}
        </p>
      )}
      <div lang={english ? undefined : 'en'}>
        {doc.sections.map((s) => (
          <section key={s.id} className="mt-8">
            <Section className="text-lg font-semibold text-stone-900">{s.heading}</Section>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 40)} className="mt-3 leading-relaxed text-stone-700">
                {p}
              </p>
            ))}
          </section>
        ))}
      </div>
    </article>
  );
}
