// Plain JavaScript on purpose: worker threads do not inherit the TypeScript loader of the main thread
// (tsx, Vitest), and heic-decode needs none.
import { parentPort } from 'node:worker_threads';
import decode from 'heic-decode';

parentPort.on('message', async (bytes) => {
  try {
    const { width, height, data } = await decode({ buffer: bytes });
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ ok: true, value: { width, height, data: pixels } }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
