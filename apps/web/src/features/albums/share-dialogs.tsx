import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { shareApi, type Participants } from '@photo/contracts/shares';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { ModalDialog } from '../../shared/ui/modal-dialog';
import { photoQueries } from '../../shared/photo-library/photos.queries';
import { sharedAlbumQueries } from './shared-albums.queries';
import { failureReport } from '../../shared/api/error-reporter';

const EmailSchema = z.email();

/**
 * Shares an album with one more address (spec 5: a participant's e-mail must be valid), checked on
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
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const valid = EmailSchema.safeParse(address).success;
    setInvalid(!valid);
    if (!valid) return;
    setBusy(true);
    setFailed(false);
    try {
      const participants = await request(shareApi.invite, { params: { albumId }, body: { email: address } });
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: photoQueries.all() });
      onShared(participants);
    } catch (error) {
      reportError(failureReport('SHARE_ALBUM_FAILED', error));
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="share-form" onSubmit={(event) => void submit(event)} noValidate>
      <label className="field">
        <span className="field__label">{t('album.share.email')}</span>
        <input
          className="field__input"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          autoComplete="off"
        />
      </label>
      {invalid && (
        <p id={errorId} className="field__error">
          {t('album.share.invalidEmail')}
        </p>
      )}
      {failed && (
        <p className="alert" role="alert">
          {t('album.share.error')}
        </p>
      )}
      <div className="modal-dialog__actions">
        <button type="submit" className="button" disabled={busy}>
          {t('album.share.submit')}
        </button>
      </div>
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
 * The owner's list of the people an album is shared with (spec 2.4), with a way to take each off
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
  const queryClient = useQueryClient();
  const participants = useQuery(sharedAlbumQueries.participants(request, albumId));
  const [failed, setFailed] = useState(false);

  const remove = async (participantId: string) => {
    setFailed(false);
    try {
      await request(shareApi.removeParticipant, { params: { albumId, participantId } });
    } catch (error) {
      reportError(failureReport('REMOVE_PARTICIPANT_FAILED', error));
      setFailed(true);
      return;
    }
    const left = participants.data?.participants.filter((entry) => entry.id !== participantId) ?? [];
    await queryClient.invalidateQueries({ queryKey: photoQueries.all() });
    if (left.length === 0) onNoneLeft();
  };

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
                onClick={() => void remove(participant.id)}
              >
                {t('sharedAlbum.participants.remove', { email: participant.email })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {failed && (
        <p className="alert" role="alert">
          {t('album.error.save')}
        </p>
      )}
      <ShareForm albumId={albumId} onShared={() => undefined} />
    </ModalDialog>
  );
}
