/** How the clock's base time moves between explicit changes. */
export type ClockMode = 'virtual' | 'system';

/**
 * The server's clock. In `virtual` mode time stands still until it is advanced or set; in `system`
 * mode it is the system time plus every advance. It never moves backwards.
 */
export interface VirtualClock {
  /** The current time. */
  now(): Date;
  /** Moves the clock forward by `ms` milliseconds. */
  forward(ms: number): void;
  /** Moves the clock to `date`; a time before now is a `RangeError`. */
  moveTo(date: Date): void;
  /** Virtual mode: the current time (epoch ms). System mode: what is added to the system time. */
  readonly offset: number;
}

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
