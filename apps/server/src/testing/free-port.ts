import { createServer } from 'node:net';

/**
 * A port nobody on this machine listens on right now. The same test file may run twice at once (the
 * unit suite and the PostgreSQL suite side by side in CI), so a test that needs a real port asks.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
