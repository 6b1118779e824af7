import type { MouseEvent } from 'react';
import { useT } from '../../shared/i18n/i18n.context';

export const MAIN_CONTENT_ID = 'main-content';

// Focus is moved by hand: following the fragment would add a history entry the router would see.
function focusMainContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

export function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={focusMainContent}>
      {t('common.skipToContent')}
    </a>
  );
}
