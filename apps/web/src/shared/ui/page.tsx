import type { ReactNode } from 'react';
import { PageHeading } from './page-heading';

export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page">
      <PageHeading title={title} />
      {children}
    </div>
  );
}
