import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@photo/contracts/photos';
import { enTranslator } from '../../test/fixtures';

const photo = (overrides: Partial<Photo> = {}): Photo => ({
  imageId: 'p-1',
  localFileName: 'beach.jpg',
  uploadId: 'upload-1',
  url: 'https://photos.test/files/p-1/1300',
  untouchedUrl: 'https://photos.test/files/p-1/original',
  thumbnails: [300, 800, 1300].map((size) => ({
    id: `p-1-${size}`,
    url: `https://photos.test/files/p-1/${size}`,
    width: size,
    height: size,
  })),
  dateTaken: '2024-05-01T10:00:00',
  uploadEnd: '2024-06-01T10:00:00Z',
  visibleWidth: 4000,
  visibleHeight: 3000,
  status: 'ready',
  ...overrides,
});

/**
 * The tile and the i18n context from a fresh module graph: the thumbnail loader is one per page, started
 * at the first thumbnail, so each test gets the browser (Worker or none) it sets up before importing.
 */
async function renderTile(props: { photo: Photo; thumbnailSize: 300 | 800 }) {
  vi.resetModules();
  const { PhotoTile } = await import('./photo-tile');
  const { I18nProvider } = await import('../i18n/i18n.context');
  return render(
    <I18nProvider translator={enTranslator}>
      <PhotoTile {...props} x={0} y={0} size={180} selecting={false} selected={false} onActivate={() => {}} />
    </I18nProvider>,
  );
}

/** A browser's Worker, as the page sees it: messages in, messages or an 'error' event out. */
class BrowserWorker extends EventTarget {
  static answer: ((url: string) => string | null) | 'cannot start' = () => null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor() {
    super();
    if (BrowserWorker.answer === 'cannot start') {
      setTimeout(() => this.dispatchEvent(new Event('error')), 5);
    }
  }
  postMessage(message: { load?: string[] }) {
    const answer = BrowserWorker.answer;
    if (message.load === undefined || answer === 'cannot start') return;
    const results = message.load.map((url) => [url, answer(url)]);
    setTimeout(() => this.onmessage?.(new MessageEvent('message', { data: results })), 5);
  }
}

const shown = (container: HTMLElement) => container.querySelector('img')?.getAttribute('src');

describe('a photo tile', () => {
  beforeEach(() => {
    BrowserWorker.answer = () => null;
  });

  it('shows the thumbnail of the size the screen wants, by its own URL where there are no workers', async () => {
    const small = await renderTile({ photo: photo(), thumbnailSize: 300 });
    expect(shown(small.container)).toBe('https://photos.test/files/p-1/300');
    small.unmount();
    const large = await renderTile({ photo: photo(), thumbnailSize: 800 });
    expect(shown(large.container)).toBe('https://photos.test/files/p-1/800');
  });

  it('shows only the placeholder colour while a photo has no thumbnails yet', async () => {
    const { container } = await renderTile({
      photo: photo({ thumbnails: [], status: 'processing', placeholder: '#336699' }),
      thumbnailSize: 300,
    });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('button')).toHaveStyle({ backgroundColor: '#336699' });
  });

  it('shows the object URL the thumbnail worker made, once it arrives', async () => {
    vi.stubGlobal('Worker', BrowserWorker);
    BrowserWorker.answer = (url) => `blob:made-for-${url.split('/').at(-2)}`;
    const { container } = await renderTile({ photo: photo(), thumbnailSize: 300 });
    expect(container.querySelector('img')).toBeNull();
    await waitFor(() => expect(shown(container)).toBe('blob:made-for-p-1'));
  });

  it('falls back to the photo’s own URL when the worker could not load it', async () => {
    vi.stubGlobal('Worker', BrowserWorker);
    BrowserWorker.answer = () => null;
    const { container } = await renderTile({ photo: photo(), thumbnailSize: 300 });
    await waitFor(() => expect(shown(container)).toBe('https://photos.test/files/p-1/300'));
  });

  it('falls back to the photos’ own URLs when the browser will not start the worker', async () => {
    vi.stubGlobal('Worker', BrowserWorker);
    BrowserWorker.answer = 'cannot start';
    const { container } = await renderTile({ photo: photo(), thumbnailSize: 800 });
    await waitFor(() => expect(shown(container)).toBe('https://photos.test/files/p-1/800'));
  });
});
