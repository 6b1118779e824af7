import { useEffect, useId, useRef, type ReactNode } from 'react';
import './modal-dialog.css';

export interface ModalDialogProps {
  title: string;
  onClose: () => void;
  /** While false (work in progress), Escape and the close button do nothing. */
  closable?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  /** `large` for a dialog that holds a photo grid. */
  size?: 'normal' | 'large';
}

/**
 * A modal on the native `<dialog>`: the browser keeps focus inside, makes the page behind inert, and
 * sends Escape to the most recently opened one (docs/product/photos.md), which closes unless it is busy.
 */
export function ModalDialog({
  title,
  onClose,
  closable = true,
  children,
  footer,
  size = 'normal',
}: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    return () => element.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className={`modal-dialog modal-dialog--${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (closable) onClose();
      }}
    >
      <div className="modal-dialog__header">
        <h2 id={titleId} className="modal-dialog__title">
          {title}
        </h2>
      </div>
      <div className="modal-dialog__body">{children}</div>
      {footer && <div className="modal-dialog__footer">{footer}</div>}
    </dialog>
  );
}
