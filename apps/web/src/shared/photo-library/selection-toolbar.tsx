import { useI18n } from '../i18n/i18n.context';
import type { TimelineStore } from '../timeline/timeline-store';
import { UnavailableButton } from '../ui/unavailable-button';
import type { ArchiveTarget } from './archive-download';
import { DownloadAction } from './download-action';
import './selection-toolbar.css';

/** One action of select mode besides download (copy to album, delete, order prints, ...). */
export interface SelectionAction {
  id: string;
  label: string;
  onSelect: () => void;
  /** Why the action cannot be used here at all, shown as its tooltip (docs/product/albums.md, shared albums). */
  unavailable?: string;
  danger?: boolean;
}

/** The toolbar's buttons in order; `download` marks where the download button goes. */
export type SelectionToolbarItem = SelectionAction | 'download';

/**
 * The bottom toolbar of select mode, for any photo grid. Download takes one photo's original
 * directly, 2 to 100 as an archive (`downloadTarget` says which: the library's photos, or a shared
 * album's with their owners), and above 100 is disabled with the spec's tooltip. docs/product/validation.md: every
 * action needs at least one selected photo.
 */
export function SelectionToolbar({
  store,
  items,
  onDownloaded,
  downloadTarget = (photoIds) => ({ kind: 'library', photoIds }),
}: {
  store: TimelineStore;
  items: readonly SelectionToolbarItem[];
  onDownloaded: () => void;
  downloadTarget?: (photoIds: string[]) => ArchiveTarget;
}) {
  const { t } = useI18n();
  const selected = [...store.selection];
  // A lone selected photo is always loaded (the store keeps its page).
  const single = selected.length === 1 ? store.photo(selected[0]!) : undefined;

  return (
    <div className="selection-toolbar" role="toolbar" aria-label={t('photos.selectionActions')}>
      {items.map((item) => {
        if (item === 'download') {
          return (
            <DownloadAction
              key="download"
              count={selected.length}
              single={single && { url: single.untouchedUrl, fileName: single.localFileName }}
              target={() => downloadTarget(selected)}
              onDownloaded={onDownloaded}
            />
          );
        }
        const className = `button ${item.danger ? 'button--danger' : 'button--secondary'}`;
        return item.unavailable ? (
          <UnavailableButton key={item.id} reason={item.unavailable} className={className}>
            {item.label}
          </UnavailableButton>
        ) : (
          <button
            key={item.id}
            type="button"
            className={className}
            disabled={selected.length === 0}
            onClick={item.onSelect}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
