import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Renderer = (markdown: string) => string;
let renderer: Promise<Renderer> | null = null;

/** marked and DOMPurify, loaded on first use (their own chunk): pages without Markdown never load them. */
function loadRenderer(): Promise<Renderer> {
  renderer ??= Promise.all([import('marked'), import('dompurify')]).then(
    ([{ marked }, { default: purify }]) => {
      return (markdown: string) =>
        purify.sanitize(marked.parse(markdown, { async: false, gfm: true, breaks: false }));
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
    void loadRenderer().then((render) => {
      if (live) setHtml(render(markdown));
    });
    return () => {
      live = false;
    };
  }, [markdown]);
  if (html === null) return fallback ?? <p className="text-stone-600">{t('Loading preview…')}</p>;
  return (
    <div
      className={`space-y-3 break-words ${className} [&_a]:text-brand-700 [&_a]:underline [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_ul]:list-disc`}
      // Sanitised by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
