/** A job the scheduler runs once the clock reaches `dueAt` (epoch milliseconds). */
export interface ScheduledJob {
  /** When the job becomes due, epoch milliseconds. */
  readonly dueAt: number;
  /**
   * What the job does; it receives the time it runs as of, which the engine answers as "now" while it
   * runs: its due time, or a later instant the engine already handed out (see `createEngine`).
   */
  readonly run: (dueAt: number) => void;
}

/**
 * A time-ordered queue of jobs (expiries, renewals, webhook retries). Jobs due at the same instant run
 * in the order they were scheduled. Backed by a binary heap: scheduling and taking cost O(log n).
 */
export interface Scheduler {
  /** Adds a job. */
  schedule(job: ScheduledJob): void;
  /** Removes and answers the earliest job due at or before `now`, or `undefined`. */
  takeDue(now: number): ScheduledJob | undefined;
  /** The due time of the earliest job, if any. */
  peek(): number | undefined;
  /** Drops every job. */
  clear(): void;
  /** Number of waiting jobs. */
  readonly size: number;
}

interface Entry {
  readonly job: ScheduledJob;
  readonly seq: number;
}

const before = (a: Entry, b: Entry): boolean =>
  a.job.dueAt < b.job.dueAt || (a.job.dueAt === b.job.dueAt && a.seq < b.seq);

/** Creates an empty {@link Scheduler}. */
export function createScheduler(): Scheduler {
  let heap: Entry[] = [];
  let seq = 0;
  const swap = (i: number, j: number): void => {
    const a = heap[i];
    const b = heap[j];
    if (a === undefined || b === undefined) return;
    heap[i] = b;
    heap[j] = a;
  };
  const at = (i: number): Entry | undefined => heap[i];
  const up = (start: number): void => {
    let i = start;
    for (let parent = (i - 1) >> 1; i > 0; i = parent, parent = (i - 1) >> 1) {
      const child = at(i);
      const above = at(parent);
      if (child === undefined || above === undefined || !before(child, above)) return;
      swap(i, parent);
    }
  };
  const down = (start: number): void => {
    let i = start;
    for (;;) {
      let smallest = i;
      for (const c of [2 * i + 1, 2 * i + 2]) {
        const candidate = at(c);
        const current = at(smallest);
        if (candidate !== undefined && current !== undefined && before(candidate, current)) smallest = c;
      }
      if (smallest === i) return;
      swap(i, smallest);
      i = smallest;
    }
  };
  return {
    schedule(job) {
      heap.push({ job, seq: seq++ });
      up(heap.length - 1);
    },
    takeDue(now) {
      const top = at(0);
      if (top === undefined || top.job.dueAt > now) return undefined;
      const last = heap.pop();
      if (last !== undefined && heap.length > 0) {
        heap[0] = last;
        down(0);
      }
      return top.job;
    },
    peek: () => at(0)?.job.dueAt,
    clear() {
      heap = [];
    },
    get size() {
      return heap.length;
    },
  };
}
