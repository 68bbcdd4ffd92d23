/** How the clock's base time moves between explicit changes. */
export type ClockMode = 'virtual' | 'system';

/**
 * The server's clock. In `virtual` mode time stands still until it is advanced or set; in `system`
 * mode it is the system time plus every advance. It never moves backwards.
 */
export interface VirtualClock {
  /** The current time. */
  now(): Date;
  /** The current time in epoch milliseconds: {@link VirtualClock.now} without making a `Date`. */
  nowMs(): number;
  /** Moves the clock forward by `ms` milliseconds. */
  forward(ms: number): void;
  /** Moves the clock to `date`; a time before now is a `RangeError`. */
  moveTo(date: Date): void;
  /** Virtual mode: the current time (epoch ms). System mode: what is added to the system time. */
  readonly offset: number;
}

/** The furthest time from the epoch a `Date` holds, in milliseconds either way. */
const MAX_DATE_MS = 8.64e15;

/** Builds a clock starting at `start` (virtual mode) or following the system time plus an offset. */
export function createVirtualClock(
  mode: ClockMode,
  start: Date,
  systemNow: () => number = Date.now,
): VirtualClock {
  let offset = start.getTime() - (mode === 'system' ? systemNow() : 0);
  const base = (): number => (mode === 'system' ? systemNow() : 0);
  const current = (): number => base() + offset;
  return {
    now: () => new Date(current()),
    nowMs: () => {
      const ms = current();
      // What `now().getTime()` reads: a fractional or out-of-range time goes through `Date`'s own rounding.
      return Number.isSafeInteger(ms) && Math.abs(ms) <= MAX_DATE_MS ? ms : new Date(ms).getTime();
    },
    forward(ms) {
      offset += ms;
    },
    moveTo(date) {
      const target = date.getTime();
      if (Number.isNaN(target)) throw new RangeError('The clock cannot be set to an invalid date.');
      if (target < current()) throw new RangeError('The clock never moves backwards; use reset() instead.');
      offset = target - base();
    },
    get offset() {
      return offset;
    },
  };
}
