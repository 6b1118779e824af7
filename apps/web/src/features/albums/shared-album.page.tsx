import { useT } from '../../shared/i18n/i18n.context';
import { Page } from '../../shared/ui/page';

export function SharedAlbumPage() {
  const t = useT();
  return <Page title={t('title.albums')} />;
}
