import type { RateWindows } from './rate-windows';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The store of `@fastify/rate-limit` (sign-in starts, registrations, error reports): counts in the
 * database's `rate_windows`, so every replica counts together; in memory, N replicas would each allow
 * the limit again (decision 112). Each limited route counts under its own method and address.
 */
export function rateWindowsStore(windows: RateWindows) {
  return class RateWindowsStore {
    private readonly prefix: string;
    /** `@fastify/rate-limit` passes its options first; only a route's child store names a prefix. */
    constructor(_options?: unknown, prefix = 'http-limit:') {
      this.prefix = prefix;
    }

    incr(key: string, answer: Answer, timeWindowMs: number): void {
      windows.hit(`${this.prefix}${key}`, Math.max(1, Math.ceil(timeWindowMs / 1000))).then(
        ({ count, resetsAt }) =>
          answer(null, { current: count, ttl: Math.max(0, resetsAt.getTime() - Date.now()) }),
        (error: unknown) => answer(error instanceof Error ? error : new Error('rate window failed')),
      );
    }

    /** The plugin passes the route's merged limit options, the route itself as `routeInfo`. */
    child(routeOptions: object): RateWindowsStore {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new RateWindowsStore(undefined, `http-limit:${method}:${route?.url ?? ''}:`);
    }
  };
}
