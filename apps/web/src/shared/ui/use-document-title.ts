import { useLayoutEffect } from 'react';

/**
 * Names the browser tab after the page. Set as the page's DOM is committed, so the title never lags
 * behind the heading it repeats (a passive effect could run a frame later, after assistive technology
 * or a test had already read the new heading).
 */
export function useDocumentTitle(title: string) {
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
}
