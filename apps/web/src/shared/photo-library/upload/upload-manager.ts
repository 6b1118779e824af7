import type * as Tus from 'tus-js-client';
import { CSRF_HEADER, ErrorBodySchema } from '@photo/contracts/errors';
import type { Photo, PhotoEvent } from '@photo/contracts/photos';
import { MAX_UPLOAD_MEGABYTES, UPLOAD_FILES_PATH, UploadResultSchema } from '@photo/contracts/upload';

export type UploadStatus = 'ready' | 'uploading' | 'processing' | 'done' | 'duplicate' | 'failed';
/** Why a file failed, as the modal words it (the server's code, or what the browser saw). */
export type UploadFailure = 'type' | 'tooLarge' | 'quota' | 'rate' | 'broken' | 'network' | 'other';

export interface UploadItem {
  id: string;
  fileName: string;
  size: number;
  status: UploadStatus;
  /** 0..1 of the bytes sent. */
  progress: number;
  failure?: UploadFailure;
  photoId?: string;
  /** The photo's taken date as the service filed it (local time), once known. */
  dateTaken?: string;
}

/** A batch whose every file has an outcome: the taken dates of the photos it added (not duplicates). */
export interface SettledBatch {
  albumId?: string;
  added: ReadonlyArray<{ dateTaken?: string }>;
}

const SETTLED: ReadonlySet<UploadStatus> = new Set(['done', 'duplicate', 'failed']);

const failureByCode: Partial<Record<string, UploadFailure>> = {
  unsupported_media_type: 'type',
  unsupported_image_type: 'type',
  payload_too_large: 'tooLarge',
  image_too_large: 'tooLarge',
  storage_quota_exceeded: 'quota',
  upload_rate_exceeded: 'rate',
  bad_request: 'broken',
  broken_image: 'broken',
  upload_incomplete: 'network',
};

const MAX_BYTES = MAX_UPLOAD_MEGABYTES * 1024 * 1024;
const PARALLEL_UPLOADS = 2;
/**
 * How long a file may stay 'Processing…' before the manager asks the photo service itself: the push
 * event that normally ends it is lost while the socket reconnects (or a proxy drops it).
 */
export const PROCESSING_CHECK_MS = 15_000;

export type PhotoLookup = (photoId: string) => Promise<Photo>;

let tusClient: Promise<typeof Tus> | undefined;

/**
 * The tus client (15 kB of the photos page's 170 kB gzip) loads once the customer picks files, not
 * with the page: most visits upload nothing. A load that failed is tried again with the next file.
 */
function loadTusClient() {
  tusClient ??= import('tus-js-client').catch((error: unknown) => {
    tusClient = undefined;
    throw error;
  });
  return tusClient;
}

function failureOf(error: Error | Tus.DetailedError): UploadFailure {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return 'network';
  try {
    return failureByCode[ErrorBodySchema.parse(JSON.parse(response.getBody())).error.code] ?? 'other';
  } catch {
    return response.getStatus() === 413 ? 'tooLarge' : 'other';
  }
}

/**
 * Uploads that outlive the modal and the page that started them: the customer can browse the library
 * while files go up. Files wait until the customer confirms (docs/product/validation.md: no auto upload); each then goes
 * up resumably (tus; an interrupted file continues from the server's offset, even after a reload),
 * and its processing result arrives through the push channel, or from a look-up when it is late.
 */
export class UploadManager {
  constructor(private readonly loadClient: () => Promise<typeof Tus> = loadTusClient) {}

  private items: UploadItem[] = [];
  private files = new Map<string, File>();
  private listeners = new Set<() => void>();
  private started = new Set<string>();
  private outcomes = new Map<string, PhotoEvent>();
  private batches = new Map<string, string>();
  private albums = new Map<string, string>();
  private active = 0;
  private endpoint = '';
  private lookUp: PhotoLookup | undefined;
  private processingCheck: ReturnType<typeof setTimeout> | undefined;
  private sequence = 0;
  private settledListeners = new Set<(batch: SettledBatch) => void>();
  private reported = new Set<string>();
  private processedLate = new Set<string>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.items;

  /** Told once per confirmed batch, when its last file is done, a duplicate or failed. */
  onBatchSettled = (listener: (batch: SettledBatch) => void) => {
    this.settledListeners.add(listener);
    return () => {
      this.settledListeners.delete(listener);
    };
  };

  private reportSettledBatches() {
    if (this.settledListeners.size === 0) return;
    const byBatch = new Map<string, UploadItem[]>();
    for (const item of this.items) {
      const batch = this.batches.get(item.id);
      if (batch === undefined || this.reported.has(batch)) continue;
      byBatch.set(batch, [...(byBatch.get(batch) ?? []), item]);
    }
    for (const [batch, items] of byBatch) {
      if (!items.every((item) => SETTLED.has(item.status))) continue;
      this.reported.add(batch);
      const albumId = this.albums.get(items[0]!.id);
      void Promise.all(items.filter((item) => item.status === 'done').map((item) => this.datedOf(item))).then(
        (added) => {
          for (const listener of this.settledListeners) listener({ ...(albumId ? { albumId } : {}), added });
        },
      );
    }
  }

  /**
   * Processing can date a photo the upload's header reader could not (ExifTool), and its push event
   * carries no date: such a photo is read once more, only when someone waits for the batch.
   */
  private async datedOf(item: UploadItem): Promise<{ dateTaken?: string }> {
    if (item.dateTaken !== undefined) return { dateTaken: item.dateTaken };
    if (!item.photoId || !this.processedLate.has(item.id)) return {};
    const photo = await this.lookUp?.(item.photoId).catch(() => undefined);
    return photo?.dateTaken ? { dateTaken: photo.dateTaken } : {};
  }

  configure(uploadBaseUrl: string, lookUp: PhotoLookup) {
    this.endpoint = `${uploadBaseUrl}${UPLOAD_FILES_PATH}`;
    this.lookUp = lookUp;
  }

  private update(id: string, change: Partial<UploadItem>) {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...change } : item));
    for (const listener of this.listeners) listener();
    this.reportSettledBatches();
  }

  /** Adds chosen files; nothing is sent until `start()`. Files over the size limit fail at once. */
  add(files: readonly File[]) {
    const added = files.map((file) => {
      const id = `upload-${(this.sequence += 1)}`;
      this.files.set(id, file);
      const tooLarge = file.size > MAX_BYTES;
      return {
        id,
        fileName: file.name,
        size: file.size,
        status: tooLarge ? 'failed' : 'ready',
        progress: 0,
        ...(tooLarge ? { failure: 'tooLarge' as const } : {}),
      } satisfies UploadItem;
    });
    this.items = [...this.items, ...added];
    for (const listener of this.listeners) listener();
    this.loadClient().catch(() => undefined);
  }

  remove(id: string) {
    const item = this.items.find((candidate) => candidate.id === id);
    if (!item || item.status === 'uploading') return;
    this.files.delete(id);
    this.items = this.items.filter((candidate) => candidate.id !== id);
    for (const listener of this.listeners) listener();
  }

  /** Forgets finished and failed files (the modal was closed after a batch). */
  clearFinished() {
    this.items = this.items.filter(
      (item) => item.status === 'ready' || item.status === 'uploading' || item.status === 'processing',
    );
    for (const listener of this.listeners) listener();
  }

  /** Sends the files waiting; with an album, each photo also goes into that album once it is in. */
  start(target: { albumId?: string } = {}) {
    // Files confirmed together are one upload (docs/product/entities.md: a photo's uploadId names the upload it came in).
    const batch = crypto.randomUUID();
    for (const item of this.items) {
      if (item.status !== 'ready') continue;
      this.batches.set(item.id, batch);
      if (target.albumId) this.albums.set(item.id, target.albumId);
      this.update(item.id, { status: 'uploading' });
    }
    this.pump();
  }

  private pump() {
    while (this.active < PARALLEL_UPLOADS) {
      const next = this.items.find((item) => item.status === 'uploading' && !this.started.has(item.id));
      if (!next) return;
      this.started.add(next.id);
      this.active += 1;
      void this.send(next).finally(() => {
        this.active -= 1;
        this.pump();
      });
    }
  }

  private async send(item: UploadItem): Promise<void> {
    const file = this.files.get(item.id)!;
    let Upload: typeof Tus.Upload;
    try {
      ({ Upload } = await this.loadClient());
    } catch {
      this.update(item.id, { status: 'failed', failure: 'network' });
      return;
    }
    await new Promise<void>((resolve) => {
      const upload = new Upload(file, {
        endpoint: this.endpoint,
        metadata: {
          filename: file.name,
          filetype: file.type,
          batch: this.batches.get(item.id) ?? '',
          ...(this.albums.has(item.id) ? { albumId: this.albums.get(item.id)! } : {}),
        },
        headers: { [CSRF_HEADER]: '1' },
        retryDelays: [0, 1000, 3000, 5000],
        removeFingerprintOnSuccess: true,
        onProgress: (sent, total) => this.update(item.id, { progress: total > 0 ? sent / total : 0 }),
        onSuccess: ({ lastResponse }) => {
          this.files.delete(item.id);
          try {
            const result = UploadResultSchema.parse(JSON.parse(lastResponse.getBody()));
            const finished = result.duplicate || result.photo.status === 'ready';
            this.update(item.id, {
              progress: 1,
              photoId: result.photo.imageId,
              ...(result.photo.dateTaken ? { dateTaken: result.photo.dateTaken } : {}),
              status: result.duplicate ? 'duplicate' : finished ? 'done' : 'processing',
            });
            if (!finished) this.processedLate.add(item.id);
            this.settle(result.photo.imageId);
            this.scheduleProcessingCheck();
          } catch {
            this.update(item.id, { progress: 1, status: 'failed', failure: 'other' });
          }
          resolve();
        },
        onError: (error) => {
          this.update(item.id, { status: 'failed', failure: failureOf(error) });
          resolve();
        },
      });
      // A file sent before (same name, size, date) continues where the server stopped.
      void upload.findPreviousUploads().then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      });
    });
  }

  /**
   * Processing results: a damaged image fails only once decoded, after its upload finished. A small
   * photo can be processed before its upload's last answer arrives, so outcomes are kept until the
   * upload that owns them claims them.
   */
  onPhotoEvent(event: PhotoEvent) {
    const photoId = event.data.payload.photoId;
    if (typeof photoId !== 'string' || (event.type !== 'photo-processed' && event.type !== 'photo-failed'))
      return;
    this.outcomes.set(photoId, event);
    this.settle(photoId);
  }

  private settle(photoId: string) {
    const event = this.outcomes.get(photoId);
    const item = this.items.find(
      (candidate) => candidate.photoId === photoId && candidate.status === 'processing',
    );
    if (!event || !item) return;
    this.outcomes.delete(photoId);
    if (event.type === 'photo-processed') this.update(item.id, { status: 'done' });
    else {
      const code = typeof event.data.payload.code === 'string' ? event.data.payload.code : '';
      this.update(item.id, { status: 'failed', failure: failureByCode[code] ?? 'other' });
    }
  }

  private scheduleProcessingCheck() {
    if (this.processingCheck !== undefined) return;
    this.processingCheck = setTimeout(() => void this.checkProcessing(), PROCESSING_CHECK_MS);
  }

  private async checkProcessing() {
    const waiting = this.items.filter((item) => item.status === 'processing' && item.photoId);
    await Promise.all(
      waiting.map(async ({ photoId }) => {
        const photo = await this.lookUp?.(photoId!).catch(() => undefined);
        // The push event may have settled the file while the answer was on its way.
        const item = this.items.find(
          (candidate) => candidate.photoId === photoId && candidate.status === 'processing',
        );
        if (!item || !photo || photo.status === 'processing') return;
        // The photo says only that processing failed; the push event would have said why.
        this.update(
          item.id,
          photo.status === 'ready'
            ? { status: 'done', ...(photo.dateTaken ? { dateTaken: photo.dateTaken } : {}) }
            : { status: 'failed', failure: 'other' },
        );
      }),
    );
    this.processingCheck = undefined;
    if (this.items.some((item) => item.status === 'processing')) this.scheduleProcessingCheck();
  }
}

export const uploadManager = new UploadManager();
