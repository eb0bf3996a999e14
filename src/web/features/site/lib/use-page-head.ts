import { useEffect } from 'react';
import type { Page } from '@/domain/pages';
import { useSite } from '../api/get-site';

/**
 * Sets the tab's title and the page description as the server writes them into the first
 * page it sends (domain/pages.ts), so that they follow the visitor around the app. Every
 * route's page or layout calls it, so each sets its own and none has to undo it. Until the
 * shop's name is known the server's title stays.
 */
export function usePageHead(page: Page): void {
  const { data: site } = useSite();
  const title = site ? page.title(site.siteName) : undefined;
  useEffect(() => {
    if (!title) return;
    document.title = title;
    describingMeta().content = page.description;
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
