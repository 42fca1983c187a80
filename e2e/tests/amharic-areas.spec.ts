import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, signInOnEveryPage } from './admin-business.helpers.ts';

/**
 * Amharic everywhere in the areas (issue 31 item 8): the demo admin, tutor and family each choose Amharic with the
 * switch in their area's top bar, then open every main screen of their area. The visible text of the screen (the
 * top bar, the sidebar and <main>) must hold no English word beyond what is legitimately Latin: names from the
 * demo data, e-mail addresses, currency codes, the site's name, URLs and subject names that are data. A failure
 * lists the untranslated words with the line each stands in.
 */

/** Legitimately Latin: the demo data's people, tutors and subjects, the site's name, currency codes. */
const allowedWords = new Set(
  [
    'Tibeb Tutoring Admin ETB USD Chapa Stripe PDF CSV iCal OK',
    // Demo people and tutors (apps/api/src/platform/db/seed).
    'Abebe Bekele Marta Alemayehu Hana Tesfaye Selamawit Girma Yonas Alemu Meron Haile Dawit Mekonnen Tigist Wolde',
    'Bereket Tadesse Liya Assefa Samuel Getachew Rahel Mulugeta Chaltu Gemechu Eden Tsegaye Natnael Desta Mahlet',
    'Abera Fitsum Gebremedhin Kidus Fikre Betelhem Kassa Getnet Ayele Sara Kebede',
    // Subjects and topics are data (the tutors' own words), as are the demo usernames.
    'Mathematics Sciences Languages Coding Physics Chemistry Biology English Amharic Math Algebra Geometry Calculus',
    'Python Scratch JavaScript Tigrigna Oromifa Afaan Oromoo admin tutor student IGCSE SAT maths Science',
    // Names of products and formats the screens point to, time-zone abbreviations, the language switch's own name.
    'Jitsi Google Calendar Apple Outlook OpenStreetMap Share HTML JPEG PNG WebP MB EAT UTC SMS WhatsApp Markdown slug',
    // The demo blog's one-word categories and tags.
    'STEM Parenting News Diaspora Reading',
  ]
    .join(' ')
    .toLowerCase()
    .split(/\s+/),
);

/**
 * The demo data's texts (posts, comments, offers, bios, notes, messages: what people wrote, shown as written): every
 * quoted text with a space in the seed files. Single words are left out, so a raw status ('confirmed') still counts.
 */
const seedFiles = ['demo.ts', 'blog.data.ts', 'tutors.data.ts'].map((file) =>
  readFileSync(new URL(`../../apps/api/src/platform/db/seed/${file}`, import.meta.url), 'utf8'),
);
/**
 * The people the other journeys book as (a booking's family and student names, 'Selam Tadesse'): shown as data on the
 * admin's lists when they ran first. Only two capitalised words, so no interface text is taken for a name.
 */
const journeyNames = readdirSync(new URL('.', import.meta.url))
  .filter((file) => file.endsWith('.ts') && !file.startsWith('amharic-areas'))
  .flatMap((file) => [
    ...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/'([A-Z][a-z]+ [A-Z][a-z]+)'/g),
  ])
  .map((m) => m[1]!);
const demoTexts = [
  ...seedFiles.flatMap((source) =>
    [...source.matchAll(/'((?:[^'\\\n]|\\.)*)'/g)].map((m) => m[1]!.replace(/\\'/g, "'")),
  ),
  ...journeyNames,
  // The bank list of the payment provider (Chapa) in the payout form.
  'Commercial Bank of Ethiopia (CBE)',
  'Awash Bank',
]
  .filter((text) => text.includes(' '))
  .sort((a, b) => b.length - a.length);

/** A line without the demo data's texts, a text cut short by an ellipsis included. */
function withoutData(line: string, data: readonly string[]): string {
  return line
    .split(/\s·\s/)
    .map((part) => {
      // A text cut short first, whole: a shorter text inside it ('Addis Ababa') must not break the comparison.
      const cut = /^(.{20,}?)(\.\.\.|…)$/.exec(part.trim());
      if (cut && data.some((text) => text.startsWith(cut[1]!))) return ' ';
      let rest = part;
      for (const text of data) if (rest.includes(text)) rest = rest.split(text).join(' ');
      return rest;
    })
    .join(' · ');
}

/**
 * The English words of a text: everything Latin that is not an e-mail address, a URL or an allowed word. Returns
 * each offending word with the line it stands in, so a failure says what is untranslated.
 */
export function englishWords(
  text: string,
  allowed: ReadonlySet<string> = allowedWords,
  data: readonly string[] = demoTexts,
): string[] {
  const found = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    // What the other journeys wrote carries a generated mark (unique(): letters and digits; or Date.now()).
    if (/\b(?=[a-z\d]*\d)(?=[a-z\d]*[a-z])[a-z\d]{7,}\b|\d{13}/.test(line)) continue;
    // Time-zone names (IANA identifiers, as the time-zone choice lists them) are names, not words.
    if (
      /^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/\S/.test(line)
    )
      continue;
    const cleaned = withoutData(line, data)
      // Reference codes (TT-8033F630).
      .replace(/\b[A-Z]{2,}-[0-9A-F]+\b/g, ' ')
      // The site's own paths (/blog/a-post-slug).
      .replace(/(^|\s)\/[\w/-]+/g, ' ')
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
      // Generated names of test data carry digits or underscores within them (audited_mx16acr2u2qr, Ab12).
      .replace(/[A-Za-z\d]*[\d_][\w]*/g, ' ')
      .replace(/\bhttps?:\/\/\S+|\b[\w-]+(\.[\w-]+)*\.(com|org|net|et|example)(\/\S*)?/g, ' ');
    for (const [word] of cleaned.matchAll(/[A-Za-z][A-Za-z'’]*/g)) {
      const lower = word.toLowerCase();
      if (allowed.has(lower) || allowed.has(lower.replace(/['’]s$/, ''))) continue;
      if (!found.has(word)) found.set(word, line.slice(0, 120));
    }
  }
  return [...found].map(([word, line]) => `${word}  ←  "${line}"`);
}

/**
 * The screen's own text, once loaded: the top bar, the sidebar and <main>; a printable page outside the area's
 * frame (a statement, a receipt) is read whole.
 */
async function visibleText(page: Page): Promise<string> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[role="status"]', { hasText: 'በመጫን ላይ' })).toHaveCount(0);
  const inArea = (await page.locator('#area-main').count()) > 0;
  const parts = inArea ? ['header', '#area-sidebar nav', '#area-main'] : ['body'];
  const read = async () =>
    (await Promise.all(parts.map((selector) => page.locator(selector).first().innerText()))).join('\n');
  // Settled: the areas hold a live message stream open, so the network never idles; the text stops changing.
  let before = '';
  let now = await read();
  for (let i = 0; i < 20 && now !== before; i++) {
    before = now;
    await page.waitForTimeout(250);
    now = await read();
  }
  return now;
}

/**
 * The data a screen shows as it was written or sent, by screen: the outbox lists e-mails as they went out (their
 * subject, in the recipient's language) and the delivery's error.
 */
const dataOnScreen: Record<string, string> = {
  '/admin/settings/outbox': '[data-testid="outbox-row"] td span.block',
};

async function expectAmharic(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expect(page.locator('h1').first()).toBeVisible();
  // Histories and audit trails are read too: every disclosure is opened.
  for (const summary of await page.locator('details:not([open]) > summary').all()) {
    if (await summary.isVisible()) await summary.click();
  }
  const text = await visibleText(page);
  const shown = dataOnScreen[path] ? await page.locator(dataOnScreen[path]).allInnerTexts() : [];
  const data = [...shown.filter((t) => t.includes(' ')), ...demoTexts].sort((a, b) => b.length - a.length);
  const words = englishWords(text, allowedWords, data);
  // Soft: one run lists the English of every screen.
  expect.soft(words, `English on ${path}:\n${words.join('\n')}`).toEqual([]);
}

/** Signs in, opens the area's first screen in English and chooses Amharic in the area's own top bar. */
async function chooseAmharicInArea(page: Page, username: string, first: string) {
  await signInOnEveryPage(page, username);
  await page.goto(first);
  await expect(page.getByRole('banner').getByText('Welcome back,')).toBeVisible();
  await page.getByRole('banner').getByLabel('Language').selectOption('am');
  await expect(page.getByRole('banner').getByText('እንኳን ደህና መጡ፣')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
}

const areas = [
  {
    who: 'the demo admin',
    username: 'admin',
    screens: [
      '/admin/dashboard',
      '/admin/users',
      '/admin/tutors',
      '/admin/tutor-applications',
      '/admin/reservation',
      '/admin/payment',
      '/admin/payouts',
      '/admin/ledger',
      '/admin/offers',
      '/admin/blog',
      '/admin/reports',
      '/admin/comments',
      '/admin/settings',
      '/admin/profile',
      '/admin/settings/outbox',
      '/admin/blog/categories',
      '/admin/blog/tags',
      '/admin/blog/posts/new',
    ],
    details: [
      { from: '/admin/reservation', link: '/admin/reservation/details/' },
      { from: '/admin/users', link: '/admin/users/' },
      { from: '/admin/tutors', link: '/admin/tutors/' },
      { from: '/admin/blog/posts', link: '/admin/blog/posts/' },
      { from: '/admin/tutor-applications', link: '/admin/tutor-applications/' },
    ],
  },
  {
    who: 'the demo tutor',
    username: 'tutor',
    screens: [
      '/tutor/dashboard',
      '/tutor/students',
      '/tutor/schedule',
      '/tutor/earnings',
      '/tutor/payout-method',
      '/tutor/messages',
      '/tutor/profile',
      '/tutor/application',
    ],
    details: [{ from: '/tutor/earnings', link: '/tutor/earnings/statement/' }],
  },
  {
    who: 'the demo family',
    username: 'student',
    screens: [
      '/student/dashboard',
      '/student/book',
      '/student/tutors',
      '/student/messages',
      '/student/progress',
      '/student/settings',
      '/student/profile',
    ],
    details: [{ from: '/student/dashboard', link: '/student/receipts/' }],
  },
];

test.describe('the areas in Amharic', () => {
  test('the helper names the English words it finds, and lets names, e-mails and codes pass', () => {
    const data = ['A short note by the tutor', 'A long post about reading together'];
    const text =
      'ሰላም Abebe Bekele admin@tibeb.example 1,200 ETB TT-80F3\nA short note by the tutor · A long post about read...';
    expect(englishWords(text, allowedWords, data)).toEqual([]);
    expect(englishWords(`${text}\nConfirmed ክፍለ ጊዜ · Refund`, allowedWords, data.slice(1))).toEqual([
      'A  ←  "A short note by the tutor · A long post about read..."',
      'short  ←  "A short note by the tutor · A long post about read..."',
      'note  ←  "A short note by the tutor · A long post about read..."',
      'by  ←  "A short note by the tutor · A long post about read..."',
      'the  ←  "A short note by the tutor · A long post about read..."',
      'Confirmed  ←  "Confirmed ክፍለ ጊዜ · Refund"',
      'Refund  ←  "Confirmed ክፍለ ጊዜ · Refund"',
    ]);
    // The other journeys' data, marked by their generated names, is data too.
    expect(englishWords('audited_mx16acr2u2qr · maria_x1', allowedWords, [])).toEqual([]);
    expect(englishWords('Ethiopian New Year mi3x0k2a9\nE2E Reader 1764370000000', allowedWords, [])).toEqual(
      [],
    );
  });

  for (const area of areas) {
    test(`${area.who} reads every main screen in Amharic`, async ({ page }) => {
      test.setTimeout(90_000);
      await chooseAmharicInArea(page, area.username, area.screens[0]!);
      for (const screen of area.screens) await expectAmharic(page, screen);
      // The detail screens behind the lists (statuses, payments, audit trails), when the demo data has one.
      for (const { from, link } of area.details) {
        await page.goto(from);
        await visibleText(page);
        const first = page
          .locator(`#area-main a[href^="${link}"]:not([href$="/add"]):not([href$="/new"])`)
          .first();
        if (!(await first.count())) continue;
        await expectAmharic(page, (await first.getAttribute('href'))!);
      }
    });
  }

  test('the top bar with its language switch fits a phone in every area', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const area of areas) {
      await page.context().clearCookies();
      await chooseAmharicInArea(page, area.username, area.screens[0]!);
      await expect(page.getByRole('banner').getByLabel('ቋንቋ')).toBeVisible();
      await expectNoHorizontalOverflow(page, area.screens[0]);
      const header = await page.getByRole('banner').boundingBox();
      expect(header!.width).toBeLessThanOrEqual(390);
      await page.getByRole('banner').getByLabel('ቋንቋ').selectOption('en');
    }
  });
});
