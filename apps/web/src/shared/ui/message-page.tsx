import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';
import './message-page.css';

/**
 * A whole page with one message, for states where no layout is available: the boot failed, the
 * browser blocks site data, or a route crashed. It takes finished strings, so it works before the
 * locale file (or even the router) exists.
 */
export function MessagePage({
  title,
  message,
  actions,
}: {
  title: string;
  message: string;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main id="main-content" className="message-page">
      <div className="message-page__panel">
        <h1 className="page-heading">{title}</h1>
        <p>{message}</p>
        {actions && <div className="actions">{actions}</div>}
      </div>
    </main>
  );
}
