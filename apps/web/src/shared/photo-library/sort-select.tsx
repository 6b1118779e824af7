import { useI18n } from '../i18n/i18n.context';
import type { MessageId } from '../i18n/translator';
import type { TimelineSort } from '../timeline/timeline-store';

export const sortChoices: Array<{ value: string; sort: TimelineSort; label: MessageId }> = [
  {
    value: 'dateTaken-desc',
    sort: { sortKey: 'dateTaken', sortOrder: 'desc' },
    label: 'photos.sort.dateTaken-desc',
  },
  {
    value: 'dateTaken-asc',
    sort: { sortKey: 'dateTaken', sortOrder: 'asc' },
    label: 'photos.sort.dateTaken-asc',
  },
  {
    value: 'created-desc',
    sort: { sortKey: 'created', sortOrder: 'desc' },
    label: 'photos.sort.created-desc',
  },
  { value: 'created-asc', sort: { sortKey: 'created', sortOrder: 'asc' }, label: 'photos.sort.created-asc' },
];

/** The sort dropdown of a photo grid (docs/product/photos.md, albums.md): by date taken or by upload date, either way. */
export function SortSelect({
  sort,
  onChange,
}: {
  sort: TimelineSort;
  onChange: (sort: TimelineSort) => void;
}) {
  const { t } = useI18n();
  return (
    <label className="photo-grid-sort">
      <span>{t('photos.sortBy')}</span>
      <select
        value={`${sort.sortKey}-${sort.sortOrder}`}
        onChange={(event) => {
          const choice = sortChoices.find((candidate) => candidate.value === event.target.value);
          if (choice) onChange(choice.sort);
        }}
      >
        {sortChoices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {t(choice.label)}
          </option>
        ))}
      </select>
    </label>
  );
}
