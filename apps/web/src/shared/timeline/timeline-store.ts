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

/**
 * A month as far as its pages have been read, in timeline order. `photos.length` (= `ids.length`) is
 * how far the keyset cursor has come; a slot of `photos` is `undefined` while its page is dropped
 * (far from the viewport and the preview, decision 156) and loads again when it comes near. `ids`
 * holds every slot's photo id, dropped pages included: month select-all, 'all selected' and delete
 * all need them without the photos.
 */
export interface MonthPhotos {
  status: MonthStatus;
  photos: readonly (Photo | undefined)[];
  ids: readonly string[];
  cursor: string | null;
  complete: boolean;
}

/** A range of slots of one month a reader needs loaded: [first, last). */
export interface MonthRange {
  year: number;
  month: number;
  first: number;
  last: number;
}

/** Where a photo sits: its month (index in `store.months`) and its slot in that month. */
export interface PhotoSlot {
  monthIndex: number;
  index: number;
  /** The photo, or undefined while its page is dropped. */
  photo: Photo | undefined;
}

export interface TimelineStoreLimits {
  /**
   * Photos kept loaded beyond those the view shows and the preview and a lone selected photo need:
   * the least recently seen pages are dropped above it, down to three quarters of it.
   */
  maxLoadedPhotos: number;
  /**
   * Photo ids kept for pages that were read (a few dozen bytes each): above it, whole months far
   * from the view, with nothing selected, are forgotten and read again from their start on return.
   */
  maxKnownIds: number;
}

/**
 * About 1 KB of heap per loaded photo (its URLs): 3,000 are ~3 MB, some 85 screens of a 1280 px wide
 * grid to scroll back without a reload. 150,000 ids are ~11 MB (bench/README.md, decision 156).
 */
export const DEFAULT_LIMITS: TimelineStoreLimits = { maxLoadedPhotos: 3_000, maxKnownIds: 150_000 };

/** A run of slots read with one request: what reloads it when it was dropped. */
interface Page {
  start: number;
  size: number;
  /**
   * How many photos the server gave for it (repeats of other pages included), less those deleted
   * since: the limit that reads the same photos again.
   */
  span: number;
  /** The cursor it was read with; undefined for the month's first page. */
  cursor: string | undefined;
  loaded: boolean;
  /** The store's clock when a reader last needed it: the least recent pages are dropped first. */
  seen: number;
  loading: Promise<void> | undefined;
}

/** A month's pages and photos, mutable; `view` is what readers get, replaced on every change. */
interface MonthRecord {
  status: MonthStatus;
  photos: (Photo | undefined)[];
  ids: string[];
  idSet: Set<string>;
  pages: Page[];
  cursor: string | null;
  complete: boolean;
  /** The request that reads further (one at a time, so the cursor chain stays in order). */
  extending: Promise<void> | undefined;
  /** Callers reading the whole month (select-all): it is not forgotten meanwhile. */
  busy: number;
  view: MonthPhotos;
}

const emptyMonth: MonthPhotos = {
  status: 'uninitialized',
  photos: [],
  ids: [],
  cursor: null,
  complete: false,
};

type IndexStatus = 'pending' | 'fulfilled' | 'rejected';

const publish = (record: MonthRecord) => {
  record.view = {
    status: record.status,
    photos: record.photos,
    ids: record.ids,
    cursor: record.cursor,
    complete: record.complete,
  };
};

/** The position in `pages` of the page holding a slot (binary search over the pages' starts), or -1. */
function pageIndexAt(record: MonthRecord, index: number): number {
  const { pages } = record;
  let low = 0;
  let high = pages.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const page = pages[middle]!;
    if (index < page.start) high = middle - 1;
    else if (index >= page.start + page.size) low = middle + 1;
    else return middle;
  }
  return -1;
}

const pageAt = (record: MonthRecord, index: number): Page | undefined =>
  record.pages[pageIndexAt(record, index)];

/** The pages that hold any slot of [first, last). */
function pagesIn(record: MonthRecord, first: number, last: number): Page[] {
  const found: Page[] = [];
  const from = pageIndexAt(record, Math.max(0, first));
  if (from === -1) return found;
  for (let position = from; position < record.pages.length; position += 1) {
    const page = record.pages[position]!;
    if (page.start >= last) break;
    found.push(page);
  }
  return found;
}

/** The whole state of one grid: month index, loaded pages, expanded months, selection, scroll. */
export class TimelineStore {
  private listeners = new Set<() => void>();
  private version = 0;
  private records = new Map<string, MonthRecord>();
  /**
   * Photos taken out locally (deleted, removed from the album): a page that was on its way when they
   * went, or one read again later, leaves them out. Forgotten on refresh, when every page is read anew.
   */
  private removed = new Set<string>();
  /** The ranges the grid shows (and loads ahead), by month key: their pages are never dropped. */
  private window = new Map<string, MonthRange>();
  /** The photo the preview shows: its page and its neighbours' are kept. */
  private focused: string | null = null;
  private clock = 0;
  private loadedCount = 0;
  private knownCount = 0;
  private generation = 0;
  private indexRead: Promise<void> | null = null;
  months: TimelineEntry[] = [];
  indexStatus: IndexStatus = 'pending';
  expanded = new Set<string>();
  selection = new Set<string>();
  /** Scroll position kept while a preview is open (docs/product/photos.md: a pair of non-negative numbers). */
  private savedScroll: [number, number] | null = null;
  readonly limits: TimelineStoreLimits;

  constructor(
    readonly source: TimelineSource,
    readonly sort: TimelineSort,
    limits: Partial<TimelineStoreLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
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
    return this.records.get(key)?.view ?? emptyMonth;
  }

  /** Photos loaded now, over all months (at most about `limits.maxLoadedPhotos` beyond what is in use). */
  loadedPhotoCount(): number {
    return this.loadedCount;
  }

  private record(key: string): MonthRecord {
    let record = this.records.get(key);
    if (!record) {
      record = {
        status: 'uninitialized',
        photos: [],
        ids: [],
        idSet: new Set(),
        pages: [],
        cursor: null,
        complete: false,
        extending: undefined,
        busy: 0,
        view: emptyMonth,
      };
      publish(record);
      this.records.set(key, record);
    }
    return record;
  }

  /**
   * Reads the month index; a read under way is joined rather than repeated (the page's prefetch).
   * Loaded months are kept only if the index read finds them.
   */
  loadIndex(): Promise<void> {
    this.indexRead ??= this.readIndex();
    return this.indexRead;
  }

  /** Forgets every loaded page and reloads the index (after an import, a delete-all, an upload). */
  async refresh(): Promise<void> {
    this.records.clear();
    this.removed.clear();
    this.loadedCount = 0;
    this.knownCount = 0;
    // A read under way may predate what made the refresh necessary.
    this.indexRead = this.readIndex();
    await this.indexRead;
  }

  private async readIndex(): Promise<void> {
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
    } finally {
      if (generation === this.generation) this.indexRead = null;
    }
    this.changed();
  }

  /**
   * What the grid shows, month by month (the viewport and what it loads ahead): those slots are
   * loaded, dropped pages among them read again, and their pages are kept until the grid moves on.
   * The last ranges stay in force while the grid is away (its preview), so coming back finds them.
   */
  show(ranges: readonly MonthRange[]): Promise<void> {
    this.window = new Map(ranges.map((range) => [monthKey(range.year, range.month), range]));
    this.clock += 1;
    const batch: Promise<void>[] = [];
    const loads = ranges.map((range) =>
      this.ensureRange(range.year, range.month, range.first, range.last, batch),
    );
    // The months asked for together are drawn together, once the last of them has come: a phone's
    // first screen holds several months, and a render per month, each mounting its tiles, was a
    // long task each on a slow phone (bench/README.md, Lighthouse).
    if (batch.length > 0) void Promise.allSettled(batch).then(() => this.changed());
    return Promise.all(loads).then(() => undefined);
  }

  /** Makes sure the first `count` photos of a month are loaded (dropped pages among them read again). */
  ensureLoaded(year: number, month: number, count: number): Promise<void> {
    return this.ensureRange(year, month, 0, count);
  }

  /**
   * Makes sure slots [first, last) of a month are loaded: dropped pages among them are read again
   * (each with its own cursor), and the month is read further (sections of 24, up to 500 at once)
   * when `last` lies beyond what was read.
   */
  ensureRange(
    year: number,
    month: number,
    first: number,
    last: number,
    batch?: Promise<void>[],
  ): Promise<void> {
    const key = monthKey(year, month);
    const record = this.records.get(key);
    if (record?.status === 'rejected') return Promise.resolve();
    const waits: Promise<void>[] = [];
    if (record) {
      for (const page of pagesIn(record, first, Math.min(last, record.photos.length))) {
        page.seen = this.clock;
        if (!page.loaded) waits.push(this.reload(year, month, key, record, page, batch));
      }
    }
    const read = this.read(year, month, last, this.clock, batch);
    if (waits.length === 0) return read;
    waits.push(read);
    return Promise.all(waits).then(() => undefined);
  }

  /**
   * Makes sure the month has been read up to `count` photos (one request): a preview opened by
   * address looks for its photo this way. Nobody is shown the pages read so, so they are the first
   * to be dropped again (the preview's photo is kept by its focus).
   */
  ensureRead(year: number, month: number, count: number): Promise<void> {
    return this.read(year, month, count, 0);
  }

  /**
   * Reads a month further towards `count` photos; the new page counts as needed at `seen`. A request
   * started for a batch joins it, and the batch tells the grid once for all of them.
   */
  private read(
    year: number,
    month: number,
    count: number,
    seen: number,
    batch?: Promise<void>[],
  ): Promise<void> {
    const key = monthKey(year, month);
    const current = this.record(key);
    if (current.complete || current.photos.length >= count || current.status === 'rejected') {
      return Promise.resolve();
    }
    if (current.extending) return current.extending;
    const record = current;
    const missing = count - record.photos.length;
    const limit = Math.min(
      PHOTOS_PAGE_SIZE,
      Math.ceil(missing / TIMELINE_SECTION_SIZE) * TIMELINE_SECTION_SIZE,
    );
    const cursor = record.cursor ?? undefined;
    record.status = 'pending';
    publish(record);
    if (!batch) this.changed();
    const request = this.source
      .page(year, month, { ...this.sort, limit, ...(cursor ? { cursor } : {}) })
      .then(
        (page) => {
          // A refresh (or the month being forgotten) dropped this month: the page is not for it.
          if (this.records.get(key) !== record) return;
          const start = record.photos.length;
          // Appended in place: copying the month for every page made a 60,000-photo month quadratic
          // (bench/README.md). Photos deleted while the page was on its way, and repeats of photos
          // already read (a photo added meanwhile shifts the pages), stay out.
          for (const photo of page.images) {
            if (record.idSet.has(photo.imageId) || this.removed.has(photo.imageId)) continue;
            record.idSet.add(photo.imageId);
            record.ids.push(photo.imageId);
            record.photos.push(photo);
          }
          const size = record.photos.length - start;
          if (size > 0) {
            record.pages.push({
              start,
              size,
              span: page.images.length,
              cursor,
              loaded: true,
              seen,
              loading: undefined,
            });
          }
          this.loadedCount += size;
          this.knownCount += size;
          record.cursor = page.cursor;
          record.complete = page.cursor === null;
          record.status = 'fulfilled';
          publish(record);
          this.dropFarPages();
        },
        () => {
          if (this.records.get(key) !== record) return;
          record.status = 'rejected';
          publish(record);
        },
      )
      .finally(() => {
        // A refresh may have started this month's next request meanwhile: that one stays registered.
        if (record.extending === request) record.extending = undefined;
        if (!batch) this.changed();
      });
    record.extending = request;
    batch?.push(request);
    return request;
  }

  /**
   * Reads a dropped page again with its own cursor and limit. The same photos normally come back and
   * fill their slots; if the month changed on the server meanwhile, what came back replaces the page
   * (the push event that follows such a change refreshes the store anyway).
   */
  private reload(
    year: number,
    month: number,
    key: string,
    record: MonthRecord,
    page: Page,
    batch?: Promise<void>[],
  ): Promise<void> {
    if (page.loading) return page.loading;
    const query = { ...this.sort, limit: page.span, ...(page.cursor ? { cursor: page.cursor } : {}) };
    const request = this.source
      .page(year, month, query)
      .then(
        (answer) => {
          if (this.records.get(key) !== record || page.loaded || !record.pages.includes(page)) return;
          const own = record.ids.slice(page.start, page.start + page.size);
          const ownSet = new Set(own);
          const seen = new Set<string>();
          const photos = answer.images.filter((photo) => {
            const id = photo.imageId;
            if (seen.has(id) || this.removed.has(id)) return false;
            if (!ownSet.has(id) && record.idSet.has(id)) return false;
            seen.add(id);
            return true;
          });
          const same = photos.length === own.length && photos.every((photo, i) => photo.imageId === own[i]);
          if (same) {
            for (const [i, photo] of photos.entries()) record.photos[page.start + i] = photo;
          } else {
            this.replacePage(record, page, own, photos);
          }
          page.span = answer.images.length;
          page.loaded = true;
          page.seen = this.clock;
          this.loadedCount += page.size;
          publish(record);
          this.dropFarPages();
        },
        () => {
          if (this.records.get(key) !== record) return;
          record.status = 'rejected';
          publish(record);
        },
      )
      .finally(() => {
        page.loading = undefined;
        if (!batch) this.changed();
      });
    page.loading = request;
    batch?.push(request);
    return request;
  }

  /** Puts what a reload brought in place of a page's slots; the pages after it move with it. */
  private replacePage(record: MonthRecord, page: Page, own: readonly string[], photos: readonly Photo[]) {
    const ids = photos.map((photo) => photo.imageId);
    for (const id of own) record.idSet.delete(id);
    for (const id of ids) record.idSet.add(id);
    record.photos.splice(page.start, page.size, ...photos);
    record.ids.splice(page.start, page.size, ...ids);
    const delta = photos.length - page.size;
    page.size = photos.length;
    this.knownCount += delta;
    for (const later of record.pages) if (later.start > page.start) later.start += delta;
    if (page.size === 0) record.pages.splice(record.pages.indexOf(page), 1);
  }

  /** The slot of a photo, wherever it is in the month index (loaded or on a dropped page). */
  slotOf(imageId: string): PhotoSlot | undefined {
    for (const [monthIndex, entry] of this.months.entries()) {
      const record = this.records.get(monthKey(entry.year, entry.month));
      if (!record?.idSet.has(imageId)) continue;
      const index = record.ids.indexOf(imageId);
      return { monthIndex, index, photo: record.photos[index] };
    }
    return undefined;
  }

  /** A photo the store has loaded now (a lone selected photo always is). */
  photo(imageId: string): Photo | undefined {
    return this.slotOf(imageId)?.photo;
  }

  /** The ids of every photo read so far, dropped pages included, in timeline order ('delete all'). */
  knownIds(): string[] {
    return this.months.flatMap((entry) => this.month(monthKey(entry.year, entry.month)).ids);
  }

  /**
   * Loads the photo in a month's slot `index` (the preview's next or previous photo): its dropped page
   * again, or the month read on until it holds that slot (the last photo of a month: all of it).
   */
  async loadPhotoAt(year: number, month: number, index: number): Promise<void> {
    const key = monthKey(year, month);
    for (;;) {
      const record = this.record(key);
      if (record.status === 'rejected') return;
      if (index < record.photos.length) {
        const page = pageAt(record, index);
        if (!page) return;
        page.seen = ++this.clock;
        if (!page.loaded) await this.reload(year, month, key, record, page);
        return;
      }
      if (record.complete) return;
      const before = record.photos.length;
      const cursor = record.cursor;
      // The pages on the way to the slot are needed by nobody; the one that holds it is touched above.
      await this.read(year, month, index + 1, 0);
      if (this.records.get(key) !== record) return;
      if (record.photos.length === before && record.cursor === cursor) return;
    }
  }

  /**
   * Reads a whole month and answers every photo id in it (month select-all needs every id, not only
   * the tiles in view). The pages are dropped again as they come when nobody needs them.
   */
  async loadMonthIds(year: number, month: number): Promise<readonly string[]> {
    const key = monthKey(year, month);
    for (;;) {
      const generation = this.generation;
      const record = this.record(key);
      if (record.complete || record.status === 'rejected') return record.ids;
      const readBefore = record.photos.length;
      record.busy += 1;
      try {
        await this.read(year, month, readBefore + PHOTOS_PAGE_SIZE, 0);
      } finally {
        record.busy -= 1;
      }
      // A refresh (a push event during an upload) dropped the page and the month: read it again.
      if (generation !== this.generation || this.records.get(key) !== record) continue;
      if (record.photos.length === readBefore && !record.complete) return record.ids;
      const entry = this.months.find((candidate) => candidate.year === year && candidate.month === month);
      if (entry && record.ids.length >= entry.count) return record.ids;
    }
  }

  /**
   * The preview shows this photo (null: it closed): its page and its neighbours' are kept, and read
   * again if they were dropped.
   */
  focus(imageId: string | null): void {
    this.focused = imageId;
    if (imageId) this.loadPageOf(imageId, 1);
  }

  /** Reads the page of a photo (and of the slots `around` it in its month) again if it was dropped. */
  private loadPageOf(imageId: string, around = 0) {
    const slot = this.slotOf(imageId);
    if (!slot) return;
    const { year, month } = this.months[slot.monthIndex]!;
    const key = monthKey(year, month);
    const record = this.records.get(key)!;
    this.clock += 1;
    for (const page of pagesIn(record, slot.index - around, slot.index + around + 1)) {
      page.seen = this.clock;
      if (!page.loaded) void this.reload(year, month, key, record, page);
    }
  }

  /** Slots that must stay loaded, by month key: the preview's photo with its neighbours, a lone selected photo. */
  private pinnedSlots(): Map<string, number[]> {
    const pinned = new Map<string, number[]>();
    const pin = (imageId: string, around: number) => {
      const slot = this.slotOf(imageId);
      if (!slot) return;
      const entry = this.months[slot.monthIndex]!;
      const key = monthKey(entry.year, entry.month);
      const slots = pinned.get(key) ?? [];
      for (let index = slot.index - around; index <= slot.index + around; index += 1) slots.push(index);
      pinned.set(key, slots);
    };
    if (this.focused) pin(this.focused, 1);
    if (this.selection.size === 1) pin(this.selection.values().next().value!, 0);
    return pinned;
  }

  /**
   * Keeps the loaded photos near `limits.maxLoadedPhotos`: above it, the least recently needed pages
   * outside the grid's ranges and the pinned slots are dropped (their ids and cursors stay), down to
   * three quarters of it, so this runs once every few dozen pages. Above `limits.maxKnownIds` whole
   * months are forgotten the same way.
   */
  private dropFarPages() {
    if (this.loadedCount <= this.limits.maxLoadedPhotos && this.knownCount <= this.limits.maxKnownIds) return;
    const pinned = this.pinnedSlots();
    const kept = (key: string, page: Page) => {
      const range = this.window.get(key);
      if (range && page.start < range.last && page.start + page.size > range.first) return true;
      return (pinned.get(key) ?? []).some((index) => index >= page.start && index < page.start + page.size);
    };
    if (this.loadedCount > this.limits.maxLoadedPhotos) {
      const candidates: Array<{ record: MonthRecord; page: Page }> = [];
      for (const [key, record] of this.records) {
        for (const page of record.pages)
          if (page.loaded && !kept(key, page)) candidates.push({ record, page });
      }
      candidates.sort((a, b) => a.page.seen - b.page.seen);
      const target = Math.floor(this.limits.maxLoadedPhotos * 0.75);
      const touched = new Set<MonthRecord>();
      for (const { record, page } of candidates) {
        if (this.loadedCount <= target) break;
        record.photos.fill(undefined, page.start, page.start + page.size);
        page.loaded = false;
        this.loadedCount -= page.size;
        touched.add(record);
      }
      for (const record of touched) publish(record);
    }
    if (this.knownCount > this.limits.maxKnownIds) this.forgetFarMonths(pinned);
  }

  /** Forgets whole months (ids, cursors) least recently needed, never one in use or with selected photos. */
  private forgetFarMonths(pinned: Map<string, number[]>) {
    const lastSeen = (record: MonthRecord) => Math.max(0, ...record.pages.map((page) => page.seen));
    const candidates = [...this.records]
      .filter(
        ([key, record]) =>
          !this.window.has(key) &&
          !pinned.has(key) &&
          record.busy === 0 &&
          !record.extending &&
          record.pages.every((page) => !page.loading) &&
          !record.ids.some((id) => this.selection.has(id)),
      )
      .sort((a, b) => lastSeen(a[1]) - lastSeen(b[1]));
    const target = Math.floor(this.limits.maxKnownIds * 0.75);
    for (const [key, record] of candidates) {
      if (this.knownCount <= target) break;
      this.records.delete(key);
      this.knownCount -= record.ids.length;
      for (const page of record.pages) if (page.loaded) this.loadedCount -= page.size;
    }
  }

  /** Forgets a month's failure so it is asked for again. */
  retryMonth(year: number, month: number) {
    const record = this.records.get(monthKey(year, month));
    if (record?.status === 'rejected') {
      record.status = 'uninitialized';
      publish(record);
    }
    this.changed();
  }

  expand(year: number, month: number) {
    this.expanded = new Set(this.expanded).add(monthKey(year, month));
    this.changed();
  }

  /** Takes deleted photos out locally at once; counts follow, so the layout closes the gap. */
  removePhotos(imageIds: readonly string[]) {
    const gone = new Set(imageIds);
    for (const id of gone) this.removed.add(id);
    this.months = this.months
      .map((entry) => {
        const record = this.records.get(monthKey(entry.year, entry.month));
        if (!record || !this.holdsAny(record, gone)) return entry;
        const photos: (Photo | undefined)[] = [];
        const ids: string[] = [];
        for (const page of record.pages) {
          const end = page.start + page.size;
          page.start = ids.length;
          for (let index = end - page.size; index < end; index += 1) {
            const id = record.ids[index]!;
            if (gone.has(id)) continue;
            ids.push(id);
            photos.push(record.photos[index]);
          }
          const removedHere = page.size - (ids.length - page.start);
          page.size -= removedHere;
          page.span = Math.max(0, page.span - removedHere);
          if (page.loaded) this.loadedCount -= removedHere;
        }
        const removed = record.ids.length - ids.length;
        for (const id of gone) record.idSet.delete(id);
        record.pages = record.pages.filter((page) => page.size > 0);
        record.photos = photos;
        record.ids = ids;
        this.knownCount -= removed;
        publish(record);
        return { ...entry, count: entry.count - removed };
      })
      .filter((entry) => entry.count > 0);
    for (const id of gone) this.selection.delete(id);
    this.selection = new Set(this.selection);
    this.changed();
  }

  private holdsAny(record: MonthRecord, ids: ReadonlySet<string>): boolean {
    if (ids.size < record.ids.length) {
      for (const id of ids) if (record.idSet.has(id)) return true;
      return false;
    }
    return record.ids.some((id) => ids.has(id));
  }

  toggleSelected(imageId: string) {
    const next = new Set(this.selection);
    if (next.has(imageId)) next.delete(imageId);
    else next.add(imageId);
    this.setSelection(next);
  }

  setSelected(imageIds: readonly string[], selected: boolean) {
    const next = new Set(this.selection);
    for (const id of imageIds) {
      if (selected) next.add(id);
      else next.delete(id);
    }
    this.setSelection(next);
  }

  private setSelection(next: Set<string>) {
    this.selection = next;
    // A lone selected photo downloads by its own address (the selection toolbar): it must be loaded.
    if (next.size === 1) this.loadPageOf(next.values().next().value!);
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
