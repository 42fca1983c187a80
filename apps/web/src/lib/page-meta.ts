import { useEffect } from 'react';
import { siteName } from '@tibeb/domain/site/messages';

/** The product's name, from the one place both the web and the API read it. */
export const SITE_NAME = siteName;

/** Sets the document title and meta description for a route (each public route has its own). */
export function usePageMeta(title: string, description: string) {
  useEffect(() => {
    document.title = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
