import { createContext, use, useState, type ReactNode } from 'react';
import { ArchiveEventSchema, downloadsApi } from '@photo/contracts/downloads';
import { isApiError } from '../api/api-error';
import type { Request } from '../api/request';
import { useAppEnvironment } from '../environment/app-environment.context';
import { useT } from '../i18n/i18n.context';
import type { Translator } from '../i18n/translator';
import type { PushChannel, PushListener } from '../push/push-channel';
import { useToasts, type ToastStore } from '../ui/toasts';

/** What to put in an archive: photos of the library, or of a shared album with their owners (docs/product/roles.md). */
export type ArchiveTarget =
  | { kind: 'library'; photoIds: string[] }
  | { kind: 'shared-album'; albumId: string; photos: Array<{ photoId: string; ownerId: string }> };

/** docs/product/states.md, limits.md: start toasts 5 s, the download toasts 5 s, a failure once the archive was asked for 10 s. */
export const ARCHIVE_TOAST_MS = { preparing: 5_000, downloading: 5_000, startFailed: 5_000, failed: 10_000 };
/** docs/product/states.md: the push connection that waits for an archive lives 30 minutes; so does the wait. */
export const ARCHIVE_WAIT_MS = 30 * 60_000;

export interface ArchiveDownloads {
  /**
   * Asks for the archive. Resolves once the server has accepted it (the file then downloads by itself
   * when the push says it is ready, whatever page the customer is on); rejects when it was refused.
   */
  start(target: ArchiveTarget): Promise<void>;
}

export interface ArchiveDownloadDependencies {
  request: Request;
  push: PushChannel;
  toasts: ToastStore;
  t: Translator['t'];
  /** Downloads a URL by navigation; the browser streams the file to disk, nothing is held in memory. */
  downloadFrom?: (url: string) => void;
  newId?: () => string;
}

/**
 * An `<a download>` click: the signed link answers with `Content-Disposition: attachment`, so the
 * page stays where it is, and a link that fails shows as a failed download instead of an error page.
 */
export function downloadByNavigation(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Network failures and server faults are worth one more try; the client's id makes it safe. */
const retryable = (error: unknown) => isApiError(error) && (error.status === 0 || error.status >= 500);

/**
 * The archives this page asked for and still waits on. It listens to the push channel only while it
 * waits; on 'finished' it fetches the signed link and downloads the archive by navigation (named by the server).
 * Whenever the channel (re)connects it looks the waiting archives up, since a message sent while it
 * was not connected is gone.
 */
export function createArchiveDownloads(deps: ArchiveDownloadDependencies): ArchiveDownloads {
  const { request, push, toasts, t } = deps;
  const downloadFrom = deps.downloadFrom ?? downloadByNavigation;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  let unsubscribe: (() => void) | undefined;

  const stopWaiting = (downloadId: string) => {
    clearTimeout(waiting.get(downloadId));
    waiting.delete(downloadId);
    if (waiting.size === 0) {
      unsubscribe?.();
      unsubscribe = undefined;
    }
  };

  const failed = (downloadId: string) => {
    stopWaiting(downloadId);
    toasts.show({ message: t('downloads.toast.failed'), durationMs: ARCHIVE_TOAST_MS.failed, tone: 'error' });
  };

  const finished = async (downloadId: string) => {
    stopWaiting(downloadId);
    try {
      const { url } = await request(downloadsApi.url, { params: { downloadId } });
      toasts.show({ message: t('downloads.toast.downloading'), durationMs: ARCHIVE_TOAST_MS.downloading });
      downloadFrom(url);
    } catch {
      toasts.show({
        message: t('downloads.toast.failed'),
        durationMs: ARCHIVE_TOAST_MS.failed,
        tone: 'error',
      });
    }
  };

  const catchUp = async () => {
    if (waiting.size === 0) return;
    const { items } = await request(downloadsApi.list, {}).catch(() => ({ items: [] }));
    for (const download of items) {
      if (!waiting.has(download.id)) continue;
      if (download.state === 'ready') void finished(download.id);
      else if (download.state !== 'preparing') failed(download.id);
    }
  };

  const listener: PushListener = {
    onMessage(message) {
      const parsed = ArchiveEventSchema.safeParse(message);
      if (!parsed.success) return;
      const { key, message: body } = parsed.data;
      if (!waiting.has(body.downloadId)) return;
      if (key === 'archive-generation-finished') void finished(body.downloadId);
      else if (key === 'archive-generation-error') failed(body.downloadId);
    },
    onReady: () => void catchUp(),
  };

  const create = (target: ArchiveTarget, id: string) =>
    target.kind === 'library'
      ? request(downloadsApi.create, { body: { id, photos: target.photoIds } })
      : request(downloadsApi.createForSharedAlbum, {
          body: { id, albumId: target.albumId, photos: target.photos },
        });

  return {
    async start(target) {
      const id = newId();
      const answer = await create(target, id).catch((error: unknown) => {
        if (!retryable(error)) throw error;
        return create(target, id);
      });
      waiting.set(
        answer.id,
        setTimeout(() => stopWaiting(answer.id), ARCHIVE_WAIT_MS),
      );
      toasts.show({ message: t('downloads.toast.preparing'), durationMs: ARCHIVE_TOAST_MS.preparing });
      unsubscribe ??= push.subscribe(listener);
    },
  };
}

const ArchiveDownloadsContext = createContext<ArchiveDownloads | null>(null);

/** Keeps the archives this page waits on above the router, so a route change does not lose them. */
export function ArchiveDownloadsProvider({ children }: { children: ReactNode }) {
  const { request, push } = useAppEnvironment();
  const toasts = useToasts();
  const t = useT();
  const [downloads] = useState(() => createArchiveDownloads({ request, push, toasts, t }));
  return <ArchiveDownloadsContext value={downloads}>{children}</ArchiveDownloadsContext>;
}

export function useArchiveDownloads(): ArchiveDownloads {
  const downloads = use(ArchiveDownloadsContext);
  if (!downloads) throw new Error('useArchiveDownloads must be used inside <ArchiveDownloadsProvider>');
  return downloads;
}
