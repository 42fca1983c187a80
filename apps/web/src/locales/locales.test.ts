import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { roles } from '@tibeb/domain/accounts/roles';
import { blogMessages } from '@tibeb/domain/blog/messages';
import { blogPreviews } from '@tibeb/domain/site/blog-previews';
import { faqItems } from '@tibeb/domain/site/faq';
import { privacyPolicy, termsOfService } from '@tibeb/domain/site/legal';
import { siteLimits, siteMessages } from '@tibeb/domain/site/messages';
import { marketingSubjects } from '@tibeb/domain/site/subjects';
import { testimonials } from '@tibeb/domain/site/testimonials';
import { subjectCategories } from '@tibeb/domain/subjects/categories';
import { directoryMessages } from '@tibeb/domain/tutors/messages';
import { values as aboutValues } from '../app/routes/public/about.tsx';
import { MAP_TITLE } from '../features/contact/components/contact-map.tsx';
import { heroWords } from '../features/home/components/hero.tsx';
import { bookingDynamicKeys } from '../features/bookings/utils/translate.ts';
import { familyDynamicKeys } from '../features/family/utils/translate.ts';
import { paymentDynamicKeys } from '../features/payments/utils/translate.ts';
import { chapaDynamicKeys } from '../features/admin-subjects/utils/messages.ts';
import { adminDynamicKeys } from '../app/routes/admin/dynamic-keys.ts';
import { statusLabel as tutorStatusLabels } from '../features/tutor-week/components/zoned.ts';
import { features, steps } from '../features/home/components/sections.tsx';
import { namespaces } from '../lib/i18n.ts';
import { fixedLedgerMemos, ledgerMemoTemplates } from '@tibeb/domain/ledger/memos';

/**
 * Every text the interface translates has an Amharic entry (issue 18).
 *
 * The checker reads the web app's source files for `t('literal')` calls, finds each call's namespace from the
 * `useTranslation('<namespace>')` it belongs to (the nearest one above it in the file with the same name, so
 * `const { t: tc } = useTranslation('common')` is followed too), and looks the key up in
 * `locales/am/<namespace>.json`, then in `common.json` (the fallback namespace, lib/i18n.ts). A file whose `t` is
 * a parameter (a formatter) names its namespace in a comment: `// i18n-namespace: public`.
 *
 * Texts that reach `t()` as values (`t(m.heading)`, `t(item.question)`) cannot be read from the source: list
 * them under their namespace in `dynamicKeys` below.
 *
 * Every namespace is checked and its missing keys printed (with `LOCALES_MISSING_DIR=<dir>` also written there
 * as JSON skeletons); a namespace fails the test only once its translator has added it to `enforced` (when their
 * part is done).
 */
const enforced: string[] = [
  'common',
  'public',
  'auth',
  'booking',
  'payments',
  'family',
  'chapa',
  'admin-extra',
  'admin',
  'teach',
  'applications',
  'earnings',
  'admin-ledger',
  'tutor',
  'messages',
];

const strings = (record: Record<string, unknown>) =>
  Object.values(record).filter((v): v is string => typeof v === 'string');
const legalTitles = (() => {
  const contact = { siteName: 'Tibeb Tutoring', email: '', phone: '', address: '' };
  return [termsOfService(contact).title, privacyPolicy(contact).title];
})();

const dynamicKeys: Record<string, string[]> = {
  public: [
    ...heroWords,
    ...features.flatMap((f) => [f.title, f.text]),
    ...steps.flatMap((s) => [s.title, s.text]),
    ...aboutValues.flatMap((v) => [v.title, v.text]),
    ...marketingSubjects.flatMap((s) => [s.name, s.level, s.description, ...s.topics]),
    ...subjectCategories,
    ...faqItems.flatMap((f) => [f.question, f.answer]),
    ...testimonials.flatMap((t) => [t.name, t.profession, t.quote]),
    ...blogPreviews.flatMap((p) => [p.title, p.excerpt, p.category, p.readTime]),
    ...strings(directoryMessages),
    ...strings(blogMessages),
    ...strings(siteMessages),
    // The contact form's length limits (contactMessageInput), shown through t(message).
    `Name must be at most ${siteLimits.nameMaxLength} characters.`,
    `Message must be at most ${siteLimits.messageMaxLength} characters.`,
    ...legalTitles,
    MAP_TITLE,
  ],
  auth: [...strings(accountMessages), ...roles],
  booking: bookingDynamicKeys,
  payments: paymentDynamicKeys,
  chapa: chapaDynamicKeys,
  family: familyDynamicKeys,
  admin: adminDynamicKeys,
  tutor: Object.values(tutorStatusLabels),
  // The ledger's own memos, shown through translateMessage (packages/domain/src/ledger/memos.ts).
  'admin-ledger': [...fixedLedgerMemos, ...ledgerMemoTemplates],
};

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'am');
const srcDir = path.resolve(localesDir, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The value of a JS string literal's source text (quotes included). */
function unquote(literal: string): string {
  const body = literal.slice(1, -1);
  return body.replace(/\\(u\{?[0-9a-fA-F]+\}?|.)/g, (_, esc: string) => {
    if (esc.startsWith('u')) return String.fromCodePoint(parseInt(esc.replace(/[u{}]/g, ''), 16));
    return ({ n: '\n', t: '\t' } as Record<string, string>)[esc] ?? esc;
  });
}

type Use = { key: string; file: string };

/** The `t('…')` keys of one file, by namespace. */
export function keysIn(source: string, file: string): { byNamespace: Map<string, Use[]>; unknown: Use[] } {
  const bindings: { name: string; ns: string; at: number }[] = [];
  const hook = /\{([^{}]*)\}\s*=\s*useTranslation\(\s*(?:\[\s*)?(?:'([^']+)'|"([^"]+)")?/g;
  for (const match of source.matchAll(hook)) {
    const ns = match[2] ?? match[3];
    if (!ns) continue;
    for (const part of match[1]!.split(',')) {
      const [prop, alias] = part.split(':').map((s) => s.trim());
      if (prop === 't') bindings.push({ name: alias || 't', ns, at: match.index });
    }
  }
  const declared = /i18n-namespace:\s*([\w-]+)/.exec(source)?.[1];
  const names = new Set(['t', ...bindings.map((b) => b.name)]);
  const byNamespace = new Map<string, Use[]>();
  const unknown: Use[] = [];
  const literal = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\`(?:[^\`\\$]|\\.)*\`)`;
  for (const name of names) {
    const call = new RegExp(String.raw`(?<![\w.$])${name}\(\s*${literal}`, 'g');
    for (const match of source.matchAll(call)) {
      const key = unquote(match[1]!);
      const own = bindings.filter((b) => b.name === name);
      const binding = own.filter((b) => b.at < match.index).at(-1) ?? own[0];
      const ns = binding?.ns ?? (name === 't' ? declared : undefined);
      if (!ns) unknown.push({ key, file });
      else byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), { key, file }]);
    }
  }
  return { byNamespace, unknown };
}

function amharic(ns: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(path.join(localesDir, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('Amharic locale files', () => {
  const used = new Map<string, Use[]>();
  const unknown: Use[] = [];
  for (const file of sourceFiles(srcDir)) {
    const found = keysIn(readFileSync(file, 'utf8'), path.relative(srcDir, file));
    for (const [ns, uses] of found.byNamespace) used.set(ns, [...(used.get(ns) ?? []), ...uses]);
    unknown.push(...found.unknown);
  }
  for (const [ns, keys] of Object.entries(dynamicKeys)) {
    used.set(ns, [...(used.get(ns) ?? []), ...keys.map((key) => ({ key, file: '(dynamicKeys)' }))]);
  }
  const common = amharic('common') ?? {};

  it('reads the t() calls of the source (the checker itself)', () => {
    const sample = [
      "const { t } = useTranslation('public');",
      't(\'Find a tutor\'); t("Parent\'s \\"view\\"");',
      "t(\n  'Long text',\n);",
      "const { t: tc } = useTranslation('common');",
      "tc('Loading...'); t(`Grade {{grade}}`); t(m.heading); format(t('x'));",
    ].join('\n');
    const { byNamespace } = keysIn(sample, 'sample.tsx');
    expect(byNamespace.get('public')?.map((u) => u.key)).toEqual([
      'Find a tutor',
      'Parent\'s "view"',
      'Long text',
      'Grade {{grade}}',
      'x',
    ]);
    expect(byNamespace.get('common')?.map((u) => u.key)).toEqual(['Loading...']);
    expect(used.get('public')?.some((u) => u.key === 'Special Offers')).toBe(true);
    // A namespace chosen at run time (useTranslation(areaNamespace[area])) or a `t` passed as a parameter without
    // an `i18n-namespace:` comment cannot be checked: listed here so its keys can be checked by hand.
    if (unknown.length) console.info('t() calls whose namespace is not known to the checker:', unknown);
  });

  it('has every namespace that lib/i18n.ts lists, and only those', () => {
    for (const ns of used.keys()) expect(namespaces, `namespace '${ns}' is used`).toContain(ns);
    const files = readdirSync(localesDir).map((f) => f.replace(/\.json$/, ''));
    for (const ns of files) expect(namespaces, `locales/am/${ns}.json`).toContain(ns);
  });

  for (const ns of namespaces) {
    it(`has an Amharic entry for every key of '${ns}'${enforced.includes(ns) ? '' : ' (reported only)'}`, () => {
      const strings = amharic(ns) ?? {};
      const missing = [
        ...new Set((used.get(ns) ?? []).map((u) => u.key).filter((k) => !(k in strings) && !(k in common))),
      ];
      const broken = Object.entries(strings).filter(
        ([key, value]) =>
          typeof value !== 'string' ||
          value.trim() === '' ||
          placeholders(key).join() !== placeholders(value).join(),
      );
      if (missing.length) console.info(`locales/am/${ns}.json lacks ${missing.length} keys:`, missing);
      const dump = process.env.LOCALES_MISSING_DIR;
      if (dump && missing.length) {
        // `LOCALES_MISSING_DIR=/tmp/x npx vitest run --project web src/locales` writes each namespace's missing
        // keys as a JSON skeleton to fill in.
        mkdirSync(dump, { recursive: true });
        const skeleton = Object.fromEntries(missing.map((key) => [key, '']));
        writeFileSync(path.join(dump, `${ns}.json`), `${JSON.stringify(skeleton, null, 2)}\n`);
      }
      if (broken.length) {
        console.info(`locales/am/${ns}.json: empty values or placeholders that differ from the key:`, broken);
      }
      if (!enforced.includes(ns)) return;
      expect(missing).toEqual([]);
      expect(broken).toEqual([]);
    });
  }
});
