import { useId, type ReactNode } from 'react';
import './unavailable-button.css';

/**
 * An action that cannot be used here, with the reason as its tooltip (docs/product/albums.md: 'Unavailable for
 * shared albums'). It stays focusable (aria-disabled, not disabled), so keyboard and screen-reader
 * users meet the reason too: it shows on hover and on focus, and is the button's description.
 */
export function UnavailableButton({
  reason,
  className,
  placement = 'above',
  children,
}: {
  reason: string;
  className: string;
  /** Below for buttons at the top of the screen (the preview's bar). */
  placement?: 'above' | 'below';
  children: ReactNode;
}) {
  const tooltipId = useId();
  return (
    <span className={`unavailable-button unavailable-button--${placement}`}>
      <button type="button" className={className} aria-disabled="true" aria-describedby={tooltipId}>
        {children}
      </button>
      <span role="tooltip" id={tooltipId} className="unavailable-button__reason">
        {reason}
      </span>
    </span>
  );
}
