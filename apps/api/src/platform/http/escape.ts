/**
 * Text made safe inside HTML or XML, as element content or a quoted attribute: escapes & < > " ' and drops the
 * control characters XML 1.0 forbids. One function for the pages and documents the API renders itself (the
 * served index.html's meta, the RSS feed, the sitemap, the demo checkout, the unsubscribe page).
 */
export function escapeMarkup(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these control characters
      .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
      .replace(
        /[&<>"']/g,
        (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
      )
  );
}
