import { useQuery } from '@tanstack/react-query';
import { shareApi } from '@photo/contracts/shared-albums';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { ModalDialog } from '../../shared/ui/modal-dialog';
import { photoQueries } from '../../shared/photo-library/photos.queries';
import { sharedAlbumQueries } from './shared-albums.queries';
import { failureReport } from '../../shared/api/error-reporter';

/**
 * The owner's list of the people an album is shared with (docs/product/albums.md), with a way to take each off
 * (their access ends at once). Nobody new can be invited: shared albums are no longer supported (issue 23).
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
    </ModalDialog>
  );
}
