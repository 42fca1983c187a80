import { escapeMarkup } from '../http/escape.ts';

/** Addresses in a text e-mail: made clickable in its HTML part (http and https only). */
const LINK = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/**
 * The HTML part of an e-mail (issue 31 item 9, decision 256): the same text, escaped, its paragraphs and line
 * breaks kept, its links clickable; no remote images, scripts or styles from elsewhere. The text part stays
 * the message's first and exact form.
 */
export function textToHtml(text: string, lang = /[\u1200-\u137F]/.test(text) ? 'am' : 'en'): string {
  const paragraphs = text
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 1em">${linkify(p).replace(/\n/g, '<br>\n')}</p>`);
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:16px;line-height:1.5;color:#1c1917;margin:0;padding:16px">
<div style="max-width:600px;margin:0 auto;overflow-wrap:anywhere">
${paragraphs.join('\n')}
</div></body></html>`;
}

function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0];
    out += escapeMarkup(text.slice(last, match.index));
    out += `<a href="${escapeMarkup(url)}" style="color:#065f46">${escapeMarkup(url)}</a>`;
    last = match.index + url.length;
  }
  return out + escapeMarkup(text.slice(last));
}

/** The newsletter's unsubscribe address in a message's text, for its List-Unsubscribe header (RFC 8058). */
const UNSUBSCRIBE = /https?:\/\/[^\s<>"']+\/api\/newsletter\/unsubscribe\/\?token=[\w%.~-]+/;

/** The List-Unsubscribe headers of a newsletter e-mail (one-click POST), none for any other message. */
export function listUnsubscribeHeaders(text: string): Record<string, string> {
  const url = UNSUBSCRIBE.exec(text)?.[0];
  return url ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {};
}
