import type { Photo, PhotoPage, SortKey, SortOrder, TimelineEntry } from '@photo/contracts/photos';
import { PHOTOS_PAGE_SIZE, TIMELINE_SECTION_SIZE } from '@photo/contracts/photos';
import { monthKey } from './timeline-layout';

/**
 * Where a grid's photos come from: the library timeline, an album, a shared album. The engine
 * (layout, loading, selection, preview order) is the same for all of them (DESIGN §4).
 */
export interface TimelineSource {
  id: string;
  index(sort: TimelineSort): Promise<TimelineEntry[]>;
  page(
    year: number,
    month: number,
    query: { cursor?: string; limit: number } & TimelineSort,
  ): Promise<PhotoPage>;
}

export interface TimelineSort {
  sortKey: SortKey;
  sortOrder: SortOrder;
}

/** docs/product/states.md: a month is uninitialized, pending, fulfilled or rejected. */
export type MonthStatus = 'uninitialized' | 'pending' | 'fulfilled' | 'rejected';

export interface MonthPhotos {
  status: MonthStatus;
  photos: Photo[];
  cursor: string | null;
  complete: boolean;
}

const emptyMonth: MonthPhotos = { status: 'uninitialized', photos: [], cursor: null, complete: false };

type IndexStatus = 'pending' | 'fulfilled' | 'rejected';

/** The whole state of one grid: month index, loaded pages, expanded months, selection, scroll. */
export class TimelineStore {
  private listeners = new Set<() => void>();
  private version = 0;
  private monthData = new Map<string, MonthPhotos>();
  /**
   * The ids of each month's loaded photos, kept between pages: a page is checked against them in
   * O(page). Rebuilding them from the month on every page made loading a 60,000-photo month quadratic
   * (and megabytes of garbage per page, paid in long GC pauses).
   */
  private monthIds = new Map<string, Set<string>>();
  private loading = new Map<string, Promise<void>>();
  private generation = 0;
  months: TimelineEntry[] = [];
  indexStatus: IndexStatus = 'pending';
  expanded = new Set<string>();
  selection = new Set<string>();
  /** Scroll position kept while a preview is open (docs/product/photos.md: a pair of non-negative numbers). */
  private savedScroll: [number, number] | null = null;

  constructor(
    readonly source: TimelineSource,
    readonly sort: TimelineSort,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  /** Remembers where the grid was scrolled when a photo is opened (docs/product/photos.md). */
  saveScroll(position: [number, number]): void {
    this.savedScroll = [Math.max(0, position[0]), Math.max(0, position[1])];
  }

  /** Whether the grid is being come back to from its preview (a position waits to be restored). */
  hasSavedScroll(): boolean {
    return this.savedScroll !== null;
  }

  /** The position to restore once, after the preview closes. */
  takeSavedScroll(): [number, number] | null {
    const position = this.savedScroll;
    this.savedScroll = null;
    return position;
  }

  private changed() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  month(key: string): MonthPhotos {
    return this.monthData.get(key) ?? emptyMonth;
  }

  private idsOf(key: string, photos: readonly Photo[]): Set<string> {
    let ids = this.monthIds.get(key);
    if (!ids || ids.size !== photos.length) {
      ids = new Set(photos.map((photo) => photo.imageId));
      this.monthIds.set(key, ids);
    }
    return ids;
  }

  /** Loads (or reloads) the month index; loaded months are kept only if reloading finds them. */
  async loadIndex(): Promise<void> {
    const generation = ++this.generation;
    this.indexStatus = this.months.length > 0 ? this.indexStatus : 'pending';
    this.changed();
    try {
      const months = await this.source.index(this.sort);
      if (generation !== this.generation) return;
      this.months = months;
      this.indexStatus = 'fulfilled';
    } catch {
      if (generation !== this.generation) return;
      this.indexStatus = 'rejected';
    }
    this.changed();
  }

  /** Forgets every loaded page and reloads the index (after an import, a delete-all, an upload). */
  async refresh(): Promise<void> {
    this.monthData.clear();
    this.monthIds.clear();
    this.loading.clear();
    await this.loadIndex();
  }

  /**
   * Makes sure the first `count` photos of a month are loaded, fetching the missing ones in as few
   * requests as possible (sections of 24, up to 500 at once), one request per month at a time so the
   * keyset cursor chain stays in order.
   */
  ensureLoaded(year: number, month: number, count: number): Promise<void> {
    const key = monthKey(year, month);
    const current = this.month(key);
    if (current.complete || current.photos.length >= count || current.status === 'rejected') {
      return Promise.resolve();
    }
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const missing = count - current.photos.length;
    const limit = Math.min(
      PHOTOS_PAGE_SIZE,
      Math.ceil(missing / TIMELINE_SECTION_SIZE) * TIMELINE_SECTION_SIZE,
    );
    const generation = this.generation;
    this.monthData.set(key, { ...current, status: 'pending' });
    this.changed();
    const request = this.source
      .page(year, month, { ...this.sort, limit, ...(current.cursor ? { cursor: current.cursor } : {}) })
      .then(
        (page) => {
          if (generation !== this.generation) return;
          // What is loaded now: photos deleted while the page was on its way stay out.
          const loaded = this.month(key).photos;
          const known = this.idsOf(key, loaded);
          // Pages are appended in place. Copying the month for every page made scrolling through a
          // 60,000-photo month cost more the deeper it went (a 480 KB copy per section near its end),
          // and the garbage came back as long collection pauses. Readers take the month by its key
          // on every change, never by the array's identity.
          const photos = loaded.length > 0 ? loaded : [];
          for (const photo of page.images) {
            if (known.has(photo.imageId)) continue;
            known.add(photo.imageId);
            photos.push(photo);
          }
          this.monthData.set(key, {
            status: 'fulfilled',
            photos,
            cursor: page.cursor,
            complete: page.cursor === null,
          });
        },
        () => {
          if (generation !== this.generation) return;
          this.monthData.set(key, { ...current, status: 'rejected' });
        },
      )
      .finally(() => {
        // A refresh may have started this month's next request meanwhile: that one stays registered.
        if (this.loading.get(key) === request) this.loading.delete(key);
        this.changed();
      });
    this.loading.set(key, request);
    return request;
  }

  /** Loads a whole month (month select-all needs every id, not only the tiles in view). */
  async loadWholeMonth(year: number, month: number): Promise<Photo[]> {
    const key = monthKey(year, month);
    for (;;) {
      const generation = this.generation;
      const before = this.month(key);
      if (before.complete || before.status === 'rejected') return before.photos;
      const loadedBefore = before.photos.length;
      await this.ensureLoaded(year, month, loadedBefore + PHOTOS_PAGE_SIZE);
      // A refresh (a push event during an upload) dropped the page and the month: load it again.
      if (generation !== this.generation) continue;
      const after = this.month(key);
      if (after.photos.length === loadedBefore && !after.complete) return after.photos;
      const entry = this.months.find((candidate) => candidate.year === year && candidate.month === month);
      if (entry && after.photos.length >= entry.count) return after.photos;
    }
  }

  /** Forgets a month's failure so it is asked for again. */
  retryMonth(year: number, month: number) {
    const key = monthKey(year, month);
    const current = this.month(key);
    if (current.status === 'rejected') this.monthData.set(key, { ...current, status: 'uninitialized' });
    this.changed();
  }

  expand(year: number, month: number) {
    this.expanded = new Set(this.expanded).add(monthKey(year, month));
    this.changed();
  }

  /** Photos in timeline order, as far as loaded: the order the preview walks. */
  loadedPhotos(): Photo[] {
    return this.months.flatMap((entry) => this.month(monthKey(entry.year, entry.month)).photos);
  }

  /**
   * Loads what follows a photo in timeline order: the rest of its month if the month is not complete,
   * else the first section of the next month not loaded yet (the preview reached the last loaded photo).
   */
  async loadMoreAfter(imageId: string): Promise<void> {
    const start = this.months.findIndex((entry) =>
      this.month(monthKey(entry.year, entry.month)).photos.some((photo) => photo.imageId === imageId),
    );
    if (start === -1) return;
    for (const entry of this.months.slice(start)) {
      const data = this.month(monthKey(entry.year, entry.month));
      if (!data.complete) {
        await this.ensureLoaded(entry.year, entry.month, data.photos.length + TIMELINE_SECTION_SIZE);
        return;
      }
    }
  }

  /** Takes deleted photos out locally at once; counts follow, so the layout closes the gap. */
  removePhotos(imageIds: readonly string[]) {
    const gone = new Set(imageIds);
    this.months = this.months
      .map((entry) => {
        const key = monthKey(entry.year, entry.month);
        const data = this.month(key);
        const kept = data.photos.filter((photo) => !gone.has(photo.imageId));
        const removed = data.photos.length - kept.length;
        if (removed > 0) {
          this.monthData.set(key, { ...data, photos: kept });
          this.monthIds.delete(key);
        }
        return { ...entry, count: entry.count - removed };
      })
      .filter((entry) => entry.count > 0);
    for (const id of gone) this.selection.delete(id);
    this.selection = new Set(this.selection);
    this.changed();
  }

  toggleSelected(imageId: string) {
    const next = new Set(this.selection);
    if (next.has(imageId)) next.delete(imageId);
    else next.add(imageId);
    this.selection = next;
    this.changed();
  }

  setSelected(imageIds: readonly string[], selected: boolean) {
    const next = new Set(this.selection);
    for (const id of imageIds) {
      if (selected) next.add(id);
      else next.delete(id);
    }
    this.selection = next;
    this.changed();
  }

  clearSelection() {
    if (this.selection.size === 0) return;
    this.selection = new Set();
    this.changed();
  }

  totalCount(): number {
    return this.months.reduce((sum, entry) => sum + entry.count, 0);
  }
}

const stores = new Map<string, TimelineStore>();

/**
 * One store per source and sort for the page's lifetime, so the grid and its full-screen preview
 * (separate routes) share pages, selection and the saved scroll position.
 */
export function timelineStoreFor(source: TimelineSource, sort: TimelineSort): TimelineStore {
  const key = `${source.id}|${sort.sortKey}|${sort.sortOrder}`;
  let store = stores.get(key);
  if (!store) {
    store = new TimelineStore(source, sort);
    stores.set(key, store);
  }
  return store;
}

/**
 * Reloads every store of a source (in any sort) that another page changed: photos copied into an
 * album, removed from it, or deleted from the library.
 */
export function refreshStoresOf(sourceId: string): void {
  for (const store of stores.values()) {
    if (store.source.id === sourceId) void store.refresh();
  }
}
