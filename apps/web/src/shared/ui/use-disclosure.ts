import { useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A disclosure (WAI-ARIA APG): a button that shows and hides the panel after it, with aria-expanded and
 * aria-controls. Escape inside the panel closes it and gives focus back to the button, so a keyboard
 * user is never left on a control that disappeared.
 */
export function useDisclosure() {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => setExpanded(false);
  return {
    expanded,
    close,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': expanded,
      'aria-controls': panelId,
      onClick: () => setExpanded((open) => !open),
    },
    panelProps: {
      id: panelId,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== 'Escape' || !expanded) return;
        event.stopPropagation();
        close();
        buttonRef.current?.focus();
      },
    },
  };
}
