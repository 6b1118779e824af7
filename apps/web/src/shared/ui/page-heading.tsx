import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from './use-document-title';

/**
 * The page's one h1, which is also the document title. After an in-app navigation focus moves to
 * it, so screen-reader and keyboard users start at the new page instead of the link they left.
 */
export function PageHeading({ title }: { title: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Each navigation gets a new key; the first page of the visit has the key 'default'.
  const navigationKey = useLocation().key;

  useDocumentTitle(title);

  useEffect(() => {
    if (navigationKey !== 'default') heading.current?.focus();
  }, [navigationKey]);

  return (
    <h1 className="page-heading" ref={heading} tabIndex={-1}>
      {title}
    </h1>
  );
}
