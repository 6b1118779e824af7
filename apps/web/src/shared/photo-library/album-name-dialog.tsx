import { useId, useState, type FormEvent } from 'react';
import { ALBUM_NAME_MAX_LENGTH, albumNameProblem, type AlbumNameProblem } from '@photo/contracts/albums';
import { useI18n } from '../i18n/i18n.context';
import type { MessageId } from '../i18n/translator';
import { ModalDialog } from '../ui/modal-dialog';

const problemMessage: Record<AlbumNameProblem, MessageId> = {
  required: 'album.name.required',
  invalid: 'album.name.invalid',
};

/**
 * The album name form (spec 5), for a new album and for 'Edit album name': checked on submit only,
 * never on blur or change, by the same rule the server applies. A failed save keeps the dialog open
 * with the spec 8 text.
 */
export function AlbumNameDialog({
  title,
  submitLabel,
  initialName = '',
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initialName?: string;
  /** Saves the name; rejects to show the failure. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<AlbumNameProblem | undefined>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = albumNameProblem(name);
    setProblem(found);
    if (found) return;
    setBusy(true);
    setFailed(false);
    try {
      await onSubmit(name);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={title} onClose={onClose} closable={!busy}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label className="field">
          <span className="field__label">{t('album.name.label')}</span>
          <input
            className="field__input"
            value={name}
            placeholder={t('album.name.placeholder')}
            maxLength={ALBUM_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={problem !== undefined}
            aria-describedby={problem ? errorId : undefined}
            autoComplete="off"
          />
        </label>
        {problem && (
          <p id={errorId} className="field__error">
            {t(problemMessage[problem])}
          </p>
        )}
        {failed && (
          <p className="alert" role="alert">
            {t('album.error.save')}
          </p>
        )}
        <div className="modal-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {t('photos.cancel')}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
