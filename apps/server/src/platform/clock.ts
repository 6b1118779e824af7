/** Where the time comes from: the system's in the app, a fixed one in tests of time-based rules. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still at `at` until moved (tests). */
export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void } {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set: (next) => {
      current = new Date(next);
    },
  };
}

/** The system's time moved forward by an offset that end-to-end tests set (TEST_CLOCK, /dev/clock). */
export function movableClock(): Clock & { offsetMs(): number; setOffset(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    setOffset: (ms) => {
      offset = ms;
    },
  };
}
