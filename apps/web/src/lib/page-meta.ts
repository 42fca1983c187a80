import { createContext, useContext, useEffect } from 'react';
import { siteName } from '@tibeb/domain/site/messages';

/** The product's name, from the one place both the web and the API read it. */
export const SITE_NAME = siteName;

/** What a page says of itself beyond its title and description: for link previews, search engines and the server. */
export type PageMetaExtra = {
  /** The page's one address (a path such as `/tutors/12-abebe-kebede`, or absolute). */
  canonical?: string | undefined;
  /** The Open Graph image (a path or an absolute address). */
  image?: string | undefined;
  type?: 'website' | 'article' | 'profile' | undefined;
  /** schema.org structured data, written as `<script type="application/ld+json">`. */
  jsonLd?: object | undefined;
  /** The HTTP status the server answers the page with (404 for an unknown address, tutor or post). */
  status?: number | undefined;
};

/** A page's head as the server renders it (entry-server.tsx). */
export type PageHead = PageMetaExtra & { title: string; description: string };

/**
 * Where a server render collects the page's head (the last page to speak wins: the page, not its layout). The
 * browser has none: there the hook writes the document's head after rendering.
 */
export const PageHeadContext = createContext<((head: PageHead) => void) | null>(null);

/** The document title of a page: the site's name alone, or the page's title and the site's name. */
export const documentTitle = (title: string) => (title === SITE_NAME ? title : `${title} | ${SITE_NAME}`);

function setMeta(selector: string, create: () => HTMLElement, attribute: string, value: string | undefined) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (value === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  element.setAttribute(attribute, value);
}

/**
 * Sets the document title and meta description for a route (each public route has its own), and what the page
 * says of itself (canonical address, Open Graph, JSON-LD, HTTP status). Rendered on the server, it records them
 * for the HTML the server sends; in the browser it writes them into the document's head.
 */
export function usePageMeta(title: string, description: string, extra: PageMetaExtra = {}) {
  const record = useContext(PageHeadContext);
  record?.({ title, description, ...extra });
  const jsonLd = extra.jsonLd ? JSON.stringify(extra.jsonLd) : undefined;
  const { canonical, image, type } = extra;
  useEffect(() => {
    document.title = documentTitle(title);
    setMeta(
      'meta[name="description"]',
      () => Object.assign(document.createElement('meta'), { name: 'description' }),
      'content',
      description,
    );
    const absolute = (href: string | undefined) =>
      href === undefined ? undefined : new URL(href, window.location.origin).toString();
    setMeta(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      'href',
      absolute(canonical),
    );
    const og = (property: string) => () => {
      const meta = document.createElement('meta');
      meta.setAttribute('property', property);
      return meta;
    };
    setMeta('meta[property="og:title"]', og('og:title'), 'content', title);
    setMeta('meta[property="og:description"]', og('og:description'), 'content', description);
    setMeta('meta[property="og:type"]', og('og:type'), 'content', type ?? 'website');
    setMeta('meta[property="og:url"]', og('og:url'), 'content', absolute(canonical) ?? window.location.href);
    setMeta('meta[property="og:image"]', og('og:image'), 'content', absolute(image));
    let script = document.head.querySelector<HTMLScriptElement>('script[type="application/ld+json"]');
    if (jsonLd === undefined) script?.remove();
    else {
      if (!script) {
        script = document.createElement('script');
        script.type = 'application/ld+json';
        document.head.appendChild(script);
      }
      script.textContent = jsonLd;
    }
    // What only this page says of itself leaves with it (the next page sets its own).
    return () => {
      for (const element of document.head.querySelectorAll(
        'link[rel="canonical"], meta[property^="og:"], script[type="application/ld+json"]',
      ))
        element.remove();
    };
  }, [title, description, canonical, image, type, jsonLd]);
}
