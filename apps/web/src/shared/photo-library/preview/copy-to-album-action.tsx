import { useState } from 'react';
import type { Photo } from '@photo/contracts/photos';
import { useI18n } from '../../i18n/i18n.context';
import { CopyToAlbumDialog } from '../copy-to-album-dialog';
import { CopyIcon } from './preview-icons';

/** 'Copy to album' in a preview (docs/product/photos.md): the shown photo into another album. */
export function CopyToAlbumAction({ photo, fromAlbumId }: { photo: Photo; fromAlbumId?: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="photo-preview__control" onClick={() => setOpen(true)}>
        <CopyIcon />
        <span className="photo-preview__label">{t('photos.copyToAlbum')}</span>
      </button>
      {open && (
        <CopyToAlbumDialog
          photoIds={[photo.imageId]}
          {...(fromAlbumId ? { fromAlbumId } : {})}
          onCopied={() => setOpen(false)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
