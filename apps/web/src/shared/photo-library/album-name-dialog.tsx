import type { QueryKey } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ALBUM_NAME_MAX_LENGTH, albumNameProblem, type AlbumNameProblem } from '@photo/contracts/albums';
import { TextField } from '../forms/field';
import { FormActions } from '../forms/form-actions';
import { SubmitFailure } from '../forms/submit-failure';
import { useSubmit } from '../forms/use-submit';
import { useI18n } from '../i18n/i18n.context';
import type { MessageId } from '../i18n/translator';
import { ModalDialog } from '../ui/modal-dialog';

const albumNameMessage: Record<AlbumNameProblem, MessageId> = {
  required: 'album.name.required',
  invalid: 'album.name.invalid',
};

/**
 * The album name form (docs/product/validation.md), for a new album and for 'Edit album name': checked on submit only,
 * never on blur or change, by the same rule the server applies. A failed save keeps the dialog open
 * with the docs/product/errors.md text.
 */
export function AlbumNameDialog<Saved>({
  title,
  submitLabel,
  initialName = '',
  onSubmit,
  invalidates,
  onSaved,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initialName?: string;
  /** Saves the name; rejects to show the failure. */
  onSubmit: (name: string) => Promise<Saved>;
  /** The queries a saved name makes stale. */
  invalidates?: readonly QueryKey[];
  onSaved: (saved: Saved) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<AlbumNameProblem | undefined>();
  const save = useSubmit({
    mutationFn: onSubmit,
    invalidates,
    onSuccess: onSaved,
    failureMessage: 'album.error.save',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = albumNameProblem(name);
    setProblem(found);
    if (!found) save.mutate(name);
  };

  return (
    <ModalDialog title={title} onClose={onClose} closable={!save.isPending}>
      <form onSubmit={submit} noValidate>
        <AlbumNameField name={name} onName={setName} problem={problem} />
        <SubmitFailure message={save.failure} />
        <FormActions
          placement="dialog"
          submitLabel={submitLabel}
          busy={save.isPending}
          cancel={{ label: t('photos.cancel'), onClick: onClose }}
        />
      </form>
    </ModalDialog>
  );
}

/** Where an album's name is typed, with docs/product/validation.md's message of the rule it breaks. */
export function AlbumNameField({
  name,
  onName,
  problem,
}: {
  name: string;
  onName: (name: string) => void;
  problem: AlbumNameProblem | undefined;
}) {
  const { t } = useI18n();
  return (
    <TextField
      label={t('album.name.label')}
      error={problem && t(albumNameMessage[problem])}
      value={name}
      onValue={onName}
      placeholder={t('album.name.placeholder')}
      maxLength={ALBUM_NAME_MAX_LENGTH}
      autoComplete="off"
    />
  );
}
