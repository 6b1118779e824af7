import { useT } from '../i18n/i18n.context';
import { AppLink } from '../routing/app-link';
import { PageHeading } from '../ui/page-heading';
import './photo-preview-frame.css';

/** The frame of the three full-screen previews (spec 2.3): a way back to the grid it was opened from. */
export function PhotoPreviewFrame({ backTo }: { backTo: string }) {
  const t = useT();
  return (
    <div className="photo-preview-frame">
      <AppLink className="photo-preview-frame__back" to={backTo}>
        {t('common.back')}
      </AppLink>
      <PageHeading title={t('title.photoPreview')} />
    </div>
  );
}
