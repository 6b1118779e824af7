import { BrokenImageError } from './processing-errors';
import { createWorkerPool, WorkerTaskError } from './worker-pool';

/** Upright 8-bit RGBA pixels: libheif applies the container's rotation and mirroring while decoding. */
export interface DecodedImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface HeicDecoder {
  decode(bytes: Uint8Array): Promise<DecodedImage>;
}

export interface HeicDecoderPool extends HeicDecoder {
  close(): Promise<void>;
}

/**
 * Decodes HEIC off the main thread: libheif in WASM is synchronous and takes about 1.5 s per 12 MP photo.
 * One worker per core by default; each holds its own WASM heap.
 */
export function createHeicDecoderPool(options: { size?: number } = {}): HeicDecoderPool {
  const pool = createWorkerPool<Uint8Array, DecodedImage>(
    new URL('./heic-decoder.worker.mjs', import.meta.url),
    options,
  );
  return {
    async decode(bytes) {
      // A private copy can be handed over to the worker without copying again, and the caller keeps its bytes.
      const copy = new Uint8Array(bytes);
      try {
        return await pool.run(copy, [copy.buffer]);
      } catch (error) {
        throw error instanceof WorkerTaskError ? new BrokenImageError(error) : error;
      }
    },
    close: () => pool.close(),
  };
}
