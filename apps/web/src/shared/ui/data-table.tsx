import type { ReactNode } from 'react';
import './data-table.css';

/**
 * A table of records (invoices, callback deliveries). It scrolls sideways inside itself, never the
 * page (WCAG 1.4.10 at 320 px); the scrolling box is a named, focusable region so that a keyboard
 * can scroll it too. `children` are the table's caption, head and body.
 */
export function DataTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="data-table" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className="data-table__table">{children}</table>
    </div>
  );
}
