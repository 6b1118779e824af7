import { SubmitFailure } from '../forms/submit-failure';
import { useSubmit } from '../forms/use-submit';
import { ModalDialog } from './modal-dialog';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Shown inside the dialog when `onConfirm` fails (docs/product/errors.md: the error stays in the modal). */
  errorMessage: string;
  /** Does the work; resolves to close the way the caller decides, rejects to show the error. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** 'danger' (the default) for what cannot be undone; 'primary' for a confirmation that only does work. */
  confirmTone?: 'danger' | 'primary';
}

/** A confirmation (destructive by default): busy while working (Escape then does nothing), the error kept inside. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const confirm = useSubmit({ mutationFn: props.onConfirm });
  const busy = confirm.isPending;

  return (
    <ModalDialog
      title={props.title}
      onClose={props.onClose}
      closable={!busy}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={props.onClose} disabled={busy}>
            {props.cancelLabel}
          </button>
          <button
            type="button"
            className={props.confirmTone === 'primary' ? 'button' : 'button button--danger'}
            onClick={() => confirm.mutate()}
            disabled={busy}
          >
            {props.confirmLabel}
          </button>
        </>
      }
    >
      <p>{props.message}</p>
      <SubmitFailure message={confirm.isError ? props.errorMessage : undefined} />
    </ModalDialog>
  );
}
