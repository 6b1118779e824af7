import { AppLink } from '../routing/app-link';

/** Leaves a form: a link back where it came from, or a button that closes it. */
export type FormCancel = { label: string; to: string } | { label: string; onClick: () => void };

/**
 * A form's row of buttons: cancel first, then submit. While the change is sent neither can be
 * pressed again; a link back stays a link.
 */
export function FormActions({
  submitLabel,
  busy,
  submitDisabled = false,
  cancel,
  tone = 'primary',
  placement = 'page',
}: {
  submitLabel: string;
  busy: boolean;
  /** Nothing to submit yet (no choice made, a rule of the page not met). */
  submitDisabled?: boolean;
  cancel?: FormCancel;
  /** 'danger' for a change that cannot be undone. */
  tone?: 'primary' | 'danger';
  /** In a dialog the buttons keep to the end of the row. */
  placement?: 'page' | 'dialog';
}) {
  return (
    <div className={placement === 'dialog' ? 'modal-dialog__actions' : 'actions'}>
      {cancel &&
        ('to' in cancel ? (
          <AppLink className="button button--secondary" to={cancel.to}>
            {cancel.label}
          </AppLink>
        ) : (
          <button type="button" className="button button--secondary" onClick={cancel.onClick} disabled={busy}>
            {cancel.label}
          </button>
        ))}
      <button
        type="submit"
        className={tone === 'danger' ? 'button button--danger' : 'button'}
        disabled={busy || submitDisabled}
      >
        {submitLabel}
      </button>
    </div>
  );
}
