import type { LegalDocument } from '@tibeb/domain/site/legal';

/** One legal document: title, version and date, then its numbered sections. */
export function LegalDocumentView({
  document: doc,
  headingLevel = 2,
}: {
  document: LegalDocument;
  headingLevel?: 2 | 3;
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const Section = headingLevel === 2 ? 'h3' : 'h4';
  const slug = doc.title.toLowerCase().replace(/\s+/g, '-');
  return (
    <article
      aria-labelledby={slug}
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-10"
    >
      <Title id={slug} className="text-2xl font-bold text-stone-900">
        {doc.title}
      </Title>
      <p className="mt-2 text-sm text-stone-600">
        Version {doc.version} · Effective {doc.effectiveDate} · Last updated {doc.effectiveDate}
      </p>
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
    </article>
  );
}
