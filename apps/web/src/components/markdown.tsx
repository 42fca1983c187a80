import { useEffect, useState } from 'react';

type Renderer = (markdown: string) => string;
let renderer: Promise<Renderer> | null = null;

/** marked and DOMPurify, loaded on first use: the admin's preview only. */
function loadRenderer(): Promise<Renderer> {
  renderer ??= Promise.all([import('marked'), import('dompurify')]).then(
    ([{ marked }, { default: purify }]) => {
      return (markdown: string) =>
        purify.sanitize(marked.parse(markdown, { async: false, gfm: true, breaks: false }));
    },
  );
  return renderer;
}

/** The post's Markdown as HTML (sanitised), as a reader would see it formatted. */
export function MarkdownPreview({ markdown }: { markdown: string }) {
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
  if (html === null) return <p className="text-stone-600">Loading preview…</p>;
  return (
    <div
      className="prose-preview space-y-3 break-words [&_a]:text-brand-700 [&_a]:underline [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_ul]:list-disc"
      // Sanitised by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
