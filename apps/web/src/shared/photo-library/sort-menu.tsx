import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useI18n } from '../i18n/i18n.context';
import type { TimelineSort } from '../timeline/timeline-store';
import { sortChoices } from './sort-select';

/**
 * The photos page's sort (issue 23): a compact button that opens a menu of the four orders, so the
 * toolbar stays one row on a phone. A menu button as the ARIA practices describe it: Enter, Space or
 * Arrow Down open it on the chosen order, arrows and Home/End move, Escape closes it and gives the
 * focus back, Tab or a click elsewhere closes it.
 */
export function SortMenu({ sort, onChange }: { sort: TimelineSort; onChange: (sort: TimelineSort) => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const currentValue = `${sort.sortKey}-${sort.sortOrder}`;
  const current = sortChoices.find((choice) => choice.value === currentValue) ?? sortChoices[0]!;

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    focusItem(sortChoices.findIndex((choice) => choice.value === currentValue));
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
    // Focus goes to the chosen order when the menu opens, not on every change of order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const index = items().indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(index + 1),
      ArrowUp: () => focusItem(index - 1),
      Home: () => focusItem(0),
      End: () => focusItem(-1),
      Escape: close,
      Tab: () => setOpen(false),
    };
    const move = moves[event.key];
    if (!move) return;
    if (event.key !== 'Tab') event.preventDefault();
    move();
  };

  return (
    <div className="sort-menu">
      <button
        ref={button}
        type="button"
        className="button button--secondary sort-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span>{t('photos.sortBy')}</span>
        <span className="sort-menu__current">: {t(current.label)}</span>
        <span className="sort-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <ul
          ref={menu}
          id={menuId}
          className="sort-menu__list"
          role="menu"
          aria-label={t('photos.sortBy')}
          onKeyDown={onMenuKeyDown}
        >
          {sortChoices.map((choice) => (
            <li
              key={choice.value}
              role="menuitemradio"
              aria-checked={choice.value === currentValue}
              tabIndex={-1}
              className="sort-menu__item"
              onClick={() => {
                onChange(choice.sort);
                close();
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                onChange(choice.sort);
                close();
              }}
            >
              {t(choice.label)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
