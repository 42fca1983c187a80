import { escapeMarkup } from '../../platform/http/escape.ts';

/**
 * The opt-out link's pages, opened from an e-mail outside the web app: one self-contained page (inline CSS, no
 * script), in the family's language. Opening the link changes nothing (mail scanners open links); the button
 * posts the token back.
 */

type Language = 'en' | 'am';

const texts = {
  en: {
    confirmTitle: 'Stop lesson reminders?',
    confirm:
      'We send a reminder 24 hours and 1 hour before each lesson, by e-mail, SMS or WhatsApp as you chose when booking.',
    button: 'Stop reminders',
    alreadyOff: 'Lesson reminders are already off for your account.',
    doneTitle: 'Reminders stopped',
    done: 'You will no longer receive lesson reminders. You can turn them on again in your settings.',
    settings: 'Your settings',
    invalidTitle: 'Link not valid',
    invalid: 'This link is not valid. Sign in to change your reminders in your settings.',
    home: 'Back to Tibeb Tutoring',
  },
  am: {
    confirmTitle: 'የትምህርት ማስታወሻዎች ይቁሙ?',
    confirm: 'ከእያንዳንዱ ትምህርት 24 ሰዓት እና 1 ሰዓት በፊት ቦታ ሲያስይዙ በመረጡት መንገድ በኢሜይል፣ በኤስኤምኤስ ወይም በዋትስአፕ ማስታወሻ እንልካለን።',
    button: 'ማስታወሻዎቹን ያቁሙ',
    alreadyOff: 'ለመለያዎ የትምህርት ማስታወሻዎች አስቀድመው ቆመዋል።',
    doneTitle: 'ማስታወሻዎቹ ቆመዋል',
    done: 'ከእንግዲህ የትምህርት ማስታወሻ አይደርስዎትም። በቅንብሮችዎ ውስጥ እንደገና ማስጀመር ይችላሉ።',
    settings: 'ቅንብሮችዎ',
    invalidTitle: 'ሊንኩ ትክክል አይደለም',
    invalid: 'ይህ ሊንክ ትክክል አይደለም። ማስታወሻዎችዎን ለመቀየር ገብተው ቅንብሮችዎን ይክፈቱ።',
    home: 'ወደ ጥበብ ቱቶሪንግ ይመለሱ',
  },
} satisfies Record<Language, Record<string, string>>;

function page(locale: Language, title: string, body: string): string {
  const t = texts[locale];
  const font = locale === 'am' ? "'Noto Sans Ethiopic','Nyala',system-ui,sans-serif" : 'system-ui,sans-serif';
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeMarkup(title)} | Tibeb Tutoring</title>
<style>body{font-family:${font};background:#f5f5f4;color:#1c1917;margin:0;padding:3rem 1rem;line-height:1.6}
main{max-width:32rem;margin:auto;background:#fff;border-radius:1rem;padding:2rem;box-shadow:0 1px 3px #0002}
h1{color:#065f46;font-size:1.5rem;margin-top:0}a{color:#065f46;font-weight:600}
button{background:#065f46;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}</style></head>
<body><main><h1>${escapeMarkup(title)}</h1>${body}<p><a href="/">${escapeMarkup(t.home)}</a></p></main></body></html>`;
}

/** The page the link opens: what stopping means, and the button that does it. */
export function confirmPage(locale: Language, token: string, enabled: boolean): string {
  const t = texts[locale];
  if (!enabled) return page(locale, t.doneTitle, `<p>${escapeMarkup(t.alreadyOff)}</p>`);
  return page(
    locale,
    t.confirmTitle,
    `<p>${escapeMarkup(t.confirm)}</p>
<form method="post" action="/api/reminders/opt-out/"><input type="hidden" name="token" value="${escapeMarkup(token)}">
<button type="submit">${escapeMarkup(t.button)}</button></form>`,
  );
}

export function donePage(locale: Language): string {
  const t = texts[locale];
  return page(
    locale,
    t.doneTitle,
    `<p>${escapeMarkup(t.done)}</p><p><a href="/student/settings">${escapeMarkup(t.settings)}</a></p>`,
  );
}

export function invalidPage(): string {
  const t = texts.en;
  const am = texts.am;
  return page(
    'en',
    t.invalidTitle,
    `<p>${escapeMarkup(t.invalid)}</p><p lang="am">${escapeMarkup(am.invalid)}</p>`,
  );
}

/** TwiML: the reply to an SMS or WhatsApp message, or none. */
export function twiml(reply: string | null): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${escapeMarkup(reply)}</Message>` : ''}</Response>`;
}
