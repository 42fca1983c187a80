import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Renderer = (markdown: string) => string;
let renderer: Promise<Renderer> | null = null;

/**
 * What staff Markdown may become (issue 29 item 6, decision 222): text structure only. No `style`, `class` or
 * `id` (nothing can be positioned over the page or dressed as the site's own controls), no forms, frames,
 * scripts, SVG or MathML, no event handlers, `data-`/`aria-` attributes or other schemes than these.
 */
export const markdownPolicy = {
  tags: 'h1 h2 h3 h4 h5 h6 p br hr ul ol li em strong del a img blockquote code pre table thead tbody tr th td'.split(
    ' ',
  ),
  // `align` on table cells and `start` on a numbered list are what marked writes for Markdown that asks for them.
  attributes: ['href', 'title', 'src', 'alt', 'align', 'start'],
  /** Links: the web (http, https), e-mail, this site's own paths (`/tutors`, not `//host` or `/\\host`), anchors. */
  link: /^(?:https?:|mailto:|\/(?![/\\])|#)/i,
  /** Images: over https (the image store, a CDN), or this site's own uploads. */
  image: /^(?:https:\/\/|\/uploads\/)/i,
} as const;

/** marked and DOMPurify, loaded on first use (their own chunk): pages without Markdown never load them. */
export function loadMarkdownRenderer(): Promise<Renderer> {
  renderer ??= Promise.all([import('marked'), import('dompurify')]).then(
    ([{ marked }, { default: purify }]) => {
      purify.addHook('afterSanitizeAttributes', (node) => {
        if (node.tagName === 'IMG' && !markdownPolicy.image.test(node.getAttribute('src') ?? '')) {
          node.remove();
          return;
        }
        if (node.tagName !== 'A') return;
        const href = node.getAttribute('href');
        // An absolute address leaves the site: it learns nothing of the page it came from. (An author's own `rel`
        // is not in the allow-list; this one is set after the attributes were filtered.)
        if (href && /^https?:/i.test(href)) node.setAttribute('rel', 'noopener noreferrer');
      });
      const options = {
        ALLOWED_TAGS: markdownPolicy.tags,
        ALLOWED_ATTR: [...markdownPolicy.attributes],
        ALLOWED_URI_REGEXP: markdownPolicy.link,
        // DOMPurify holds every other attribute's value to the address pattern too: these two are plain words.
        ADD_URI_SAFE_ATTR: ['align', 'start'],
        ALLOW_DATA_ATTR: false,
        ALLOW_ARIA_ATTR: false,
      };
      return (markdown: string) =>
        purify.sanitize(marked.parse(markdown, { async: false, gfm: true, breaks: false }), options);
    },
  );
  return renderer;
}

/**
 * Markdown as sanitised HTML. Until the renderer has loaded, `fallback` shows instead (the post page shows the
 * plain paragraphs, so a reader on a slow network reads at once).
 */
export function Markdown({
  markdown,
  fallback,
  className = '',
}: {
  markdown: string;
  fallback?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadMarkdownRenderer().then((render) => {
      if (live) setHtml(render(markdown));
    });
    return () => {
      live = false;
    };
  }, [markdown]);
  if (html === null) return fallback ?? <p className="text-stone-600">{t('Loading preview…')}</p>;
  return (
    <div
      className={`space-y-3 break-words ${className} [&_a]:text-brand-700 [&_a]:underline [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_li]:ml-5 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_ul]:list-disc`}
      // Sanitised by DOMPurify to markdownPolicy just above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
