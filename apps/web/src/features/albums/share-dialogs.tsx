import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { email as emailSchema } from '@photo/contracts/common';
import { shareApi, type Participants } from '@photo/contracts/shared-albums';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { TextField } from '../../shared/forms/field';
import { FormActions } from '../../shared/forms/form-actions';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { ModalDialog } from '../../shared/ui/modal-dialog';
import { photoQueries } from '../../shared/photo-library/photos.queries';
import { sharedAlbumQueries } from './shared-albums.queries';
import { failureReport } from '../../shared/api/error-reporter';

/**
 * Shares an album with one more address (docs/product/validation.md: a participant's e-mail must be valid), checked on
 * submit. A person with an account sees the album at once; an address without one, once it signs up.
 */
function ShareForm({
  albumId,
  onShared,
}: {
  albumId: string;
  onShared: (participants: Participants) => void;
}) {
  const { t } = useI18n();
  const { request, reportError } = useAppEnvironment();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const share = useSubmit({
    mutationFn: (address: string) =>
      request(shareApi.invite, { params: { albumId }, body: { email: address } }),
    invalidates: [photoQueries.all()],
    onSuccess: (participants) => {
      setEmail('');
      onShared(participants);
    },
    onError: (error) => reportError(failureReport('SHARE_ALBUM_FAILED', error)),
    failureMessage: 'album.share.error',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const valid = emailSchema.safeParse(address).success;
    setInvalid(!valid);
    if (valid) share.mutate(address);
  };

  return (
    <form className="share-form" onSubmit={submit} noValidate>
      <TextField
        label={t('album.share.email')}
        error={invalid ? t('album.share.invalidEmail') : undefined}
        type="email"
        value={email}
        onValue={setEmail}
        autoComplete="off"
      />
      <SubmitFailure message={share.failure} />
      <FormActions placement="dialog" submitLabel={t('album.share.submit')} busy={share.isPending} />
    </form>
  );
}

/** 'Share' on an own album: the album becomes a shared album once someone is invited. */
export function ShareAlbumDialog({
  albumId,
  albumName,
  onShared,
  onClose,
}: {
  albumId: string;
  albumName: string;
  onShared: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <ModalDialog title={t('album.share.title', { albumName })} onClose={onClose}>
      <p>{t('album.share.note')}</p>
      <ShareForm albumId={albumId} onShared={onShared} />
    </ModalDialog>
  );
}

/**
 * The owner's list of the people an album is shared with (docs/product/albums.md), with a way to take each off
 * (their access ends at once) and to invite one more.
 */
export function ParticipantsDialog({
  albumId,
  onNoneLeft,
  onClose,
}: {
  albumId: string;
  /** The last participant was taken off: the album is not shared any more. */
  onNoneLeft: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { request, reportError } = useAppEnvironment();
  const participants = useQuery(sharedAlbumQueries.participants(request, albumId));
  const remove = useSubmit({
    mutationFn: (participantId: string) =>
      request(shareApi.removeParticipant, { params: { albumId, participantId } }),
    invalidates: [photoQueries.all()],
    onSuccess: (_, participantId) => {
      const left = participants.data?.participants.filter((entry) => entry.id !== participantId) ?? [];
      if (left.length === 0) onNoneLeft();
    },
    onError: (error) => reportError(failureReport('REMOVE_PARTICIPANT_FAILED', error)),
    failureMessage: 'album.error.save',
  });

  return (
    <ModalDialog
      title={t('sharedAlbum.participants.title')}
      onClose={onClose}
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('sharedAlbum.participants.close')}
        </button>
      }
    >
      {participants.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : participants.isError ? (
        <p className="alert" role="alert">
          {t('album.error.load')}
        </p>
      ) : (
        <ul className="album-page__participants">
          {participants.data.participants.map((participant) => (
            <li key={participant.id}>
              <span>
                {participant.email}
                {!participant.joined && (
                  <span className="album-page__invited"> ({t('sharedAlbum.participants.invited')})</span>
                )}
              </span>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => remove.mutate(participant.id)}
              >
                {t('sharedAlbum.participants.remove', { email: participant.email })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <SubmitFailure message={remove.failure} />
      <ShareForm albumId={albumId} onShared={() => undefined} />
    </ModalDialog>
  );
}
