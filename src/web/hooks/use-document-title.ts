import { useEffect } from 'react';

/** Sets the tab's title while the component is shown, and puts the previous one back after. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
