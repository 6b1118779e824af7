import { useEffect, useRef } from 'react';

/**
 * Loads the next page when the end of a list comes into view; a button beside it does the same
 * for keyboards and for browsers without IntersectionObserver.
 */
export function useLoadMoreWhenVisible(load: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}
