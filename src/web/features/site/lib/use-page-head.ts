import { useEffect } from 'react';
import type { Page } from '@/domain/pages';
import { useSite } from '../api/get-site';

/**
 * Sets the tab's title and the page description while a page is shown, as the server wrote
 * them into the first page loaded (domain/pages.ts), and puts the previous ones back after.
 * Until the shop's name is known the server's title stays.
 */
export function usePageHead(page: Page): void {
  const { data: site } = useSite();
  const title = site ? page.title(site.siteName) : undefined;
  useEffect(() => {
    if (!title) return;
    const description = describingMeta();
    const previous = { title: document.title, description: description.content };
    document.title = title;
    description.content = page.description;
    return () => {
      document.title = previous.title;
      description.content = previous.description;
    };
  }, [title, page.description]);
}

function describingMeta(): HTMLMetaElement {
  const found = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (found) return found;
  const created = document.createElement('meta');
  created.name = 'description';
  document.head.append(created);
  return created;
}
