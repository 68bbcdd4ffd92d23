/** Runs tasks with at most `limit` running at once per key; other keys are never held up. */
export interface ConcurrencyGate {
  /** Runs `task` once fewer than `limit` tasks of `key` are running; answers its result. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

interface Lane {
  active: number;
  // A queue as an array and a head index: `shift()` is linear on long arrays.
  waiting: (() => void)[];
  head: number;
}

/** Creates a {@link ConcurrencyGate}; each key gets its own lane and its own waiting line (first come, first served). */
export function createConcurrencyGate(limit: number): ConcurrencyGate {
  const lanes = new Map<string, Lane>();
  const release = (key: string, lane: Lane): void => {
    const next = lane.waiting[lane.head];
    if (next !== undefined) {
      lane.head += 1;
      if (lane.head === lane.waiting.length) {
        lane.waiting = [];
        lane.head = 0;
      }
      next();
      return;
    }
    lane.active -= 1;
    if (lane.active === 0) lanes.delete(key);
  };
  return {
    async run(key, task) {
      let lane = lanes.get(key);
      if (lane === undefined) {
        lane = { active: 0, waiting: [], head: 0 };
        lanes.set(key, lane);
      }
      const own = lane;
      if (own.active < limit) own.active += 1;
      // The slot is handed over by `release`, which keeps `active` as it is.
      else await new Promise<void>((resolve) => own.waiting.push(resolve));
      try {
        return await task();
      } finally {
        release(key, own);
      }
    },
  };
}
