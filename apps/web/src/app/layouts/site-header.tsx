import type { ReactNode } from 'react';
import './site-header.css';

export function SiteHeader({ logo, navigation }: { logo: ReactNode; navigation?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        {logo}
        {navigation}
      </div>
    </header>
  );
}
