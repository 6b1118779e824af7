import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { canOrderPrints } from '../../shared/photo-library/prints/prints-ordering';
import type { SelectionAction } from '../../shared/photo-library/selection-toolbar';

const nothing = () => undefined;

/**
 * The actions a shared album shows but does not allow (docs/product/albums.md, roles.md: read-only), each with the reason
 * 'Unavailable for shared albums'. Order prints and copy appear only where they would exist at all.
 */
export function useSharedAlbumActions() {
  const { t } = useI18n();
  const { config, flags } = useAppEnvironment();
  const unavailable = t('sharedAlbum.unavailable');
  const action = (id: string, label: string): SelectionAction => ({
    id,
    label,
    onSelect: nothing,
    unavailable,
  });
  return {
    orderPrints: canOrderPrints(config) ? [action('prints', t('album.orderPrints'))] : [],
    copy: flags.PhotoManagementAlbumViewEnabled ? [action('copy', t('photos.copyToAlbum'))] : [],
    deleteFromAlbum: action('remove', t('album.removeFromAlbum')),
    reason: unavailable,
  };
}
