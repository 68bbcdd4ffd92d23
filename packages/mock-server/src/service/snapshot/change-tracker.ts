import type { Tables } from './service-state.ts';
import type { StateJournal, TableChange } from './state-journal.ts';

/** What the tracker reads when it builds a batch. */
export interface ChangeTrackerParts {
  /** Where batches go. */
  readonly journal: StateJournal;
  /** The small tables, read whole for each batch and compared with what was last written. */
  readonly smallTables: () => Tables;
}

/**
 * Collects what changed and writes it to a {@link StateJournal} in batches (group commit): while one
 * batch is being made durable, the changes of the requests answered meanwhile gather into the next.
 */
export interface ChangeTracker {
  /** Records a change of a table row (`undefined`: deleted); `value` may be a function read at batch time. */
  change(table: string, key: string, value: unknown): void;
  /**
   * Resolves once every change recorded so far is durable. `force` also compares the small tables (a
   * request that may have changed a key, an endpoint or the clock); without it, and with nothing
   * recorded, it resolves once the batch being written, if any, is.
   */
  commit(force: boolean): Promise<void>;
  /** Runs `restore` without recording what it changes. */
  quietly(restore: () => void): void;
  /** Takes the small tables' rows in `tables` as already written (a state restored from them). */
  assumeWritten(tables: Tables): void;
  /** Writes a whole new state in place of the old (after `reset()`): a clear, then every row. */
  replaceAll(tables: Tables): void;
}

/** The change that empties every table before a new whole state (see {@link ChangeTracker.replaceAll}). */
const CLEAR_ALL: TableChange = ['*', '*', null];

// `setImmediate` where there is one (Node, Bun, Deno): unlike a 0 ms timer it does not wait a millisecond.
const defer: (run: () => void) => void =
  typeof globalThis.setImmediate === 'function'
    ? (run) => globalThis.setImmediate(run)
    : (run) => globalThis.setTimeout(run, 0);

/**
 * How many batches may be in the journal's hands at once. One: a file takes one durable write at a
 * time, so a second batch handed over meanwhile would only wait in the journal's queue, smaller than it
 * would be if it gathered here until the write ends (and each batch costs its own encoding, its own
 * comparison of the small tables). The bench's `--data` row compares the choices (decision note 0016).
 */
const MAX_IN_FLIGHT = 1;

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/** Creates a {@link ChangeTracker} over a journal. */
export function createChangeTracker({ journal, smallTables }: ChangeTrackerParts): ChangeTracker {
  let dirty = new Map<string, [string, string, unknown]>();
  let head: TableChange[] = [];
  let forced = false;
  let waiters: Waiter[] = [];
  // Batches in the journal's hands (at most MAX_IN_FLIGHT); the next one gathers until one resolves.
  let inFlight = 0;
  let latest: Promise<void> | undefined;
  let scheduled = false;
  let quiet = false;
  const written = new Map<string, string>();

  const diffSmall = (): TableChange[] => {
    const changes: TableChange[] = [];
    for (const [table, rows] of Object.entries(smallTables())) {
      for (const [key, value] of rows) {
        const id = `${table}\u0000${key}`;
        const json = JSON.stringify(value);
        if (written.get(id) === json) continue;
        written.set(id, json);
        changes.push([table, key, value]);
      }
    }
    return changes;
  };
  const takeSmall = (): void => {
    written.clear();
    diffSmall();
  };
  const smallNames = new Set(Object.keys(smallTables()));

  const run = (): void => {
    scheduled = false;
    if (inFlight >= MAX_IN_FLIGHT) return;
    const batch = waiters;
    waiters = [];
    const changes: TableChange[] = head;
    head = [];
    for (const [table, key, value] of dirty.values()) {
      const read = typeof value === 'function' ? (value as () => unknown)() : value;
      changes.push([table, key, read ?? null]);
    }
    dirty = new Map();
    if (forced || changes.length > 0) changes.push(...diffSmall());
    forced = false;
    if (changes.length === 0) {
      for (const waiter of batch) waiter.resolve();
      return;
    }
    const done = journal.write(changes);
    inFlight += 1;
    latest = done;
    done.then(
      () => {
        for (const waiter of batch) waiter.resolve();
      },
      (error: unknown) => {
        for (const waiter of batch) waiter.reject(error);
      },
    );
    done
      .catch(() => undefined)
      .then(() => {
        inFlight -= 1;
        if (latest === done) latest = undefined;
        if (waiters.length > 0 || dirty.size > 0 || head.length > 0) kick();
      });
  };
  const kick = (): void => {
    if (scheduled || inFlight >= MAX_IN_FLIGHT) return;
    scheduled = true;
    // After the I/O of this turn rather than in a microtask, so the requests read meanwhile join the batch.
    defer(run);
  };

  return {
    change(table, key, value) {
      if (quiet) return;
      const id = `${table}\u0000${key}`;
      const entry = dirty.get(id);
      if (entry === undefined) dirty.set(id, [table, key, value]);
      else entry[2] = value;
      kick();
    },
    commit(force) {
      if (!force && dirty.size === 0 && head.length === 0)
        return waiters.length > 0
          ? new Promise((resolve, reject) => waiters.push({ resolve, reject }))
          : (latest ?? Promise.resolve());
      if (force) forced = true;
      return new Promise((resolve, reject) => {
        waiters.push({ resolve, reject });
        kick();
      });
    },
    quietly(restore) {
      quiet = true;
      try {
        restore();
      } finally {
        quiet = false;
      }
    },
    assumeWritten(tables) {
      written.clear();
      for (const [table, rows] of Object.entries(tables)) {
        if (!smallNames.has(table)) continue;
        for (const [key, value] of rows) written.set(`${table}\u0000${key}`, JSON.stringify(value));
      }
    },
    replaceAll(tables) {
      dirty = new Map();
      written.clear();
      head = [CLEAR_ALL];
      for (const [table, rows] of Object.entries(tables)) {
        for (const [key, value] of rows) head.push([table, key, value]);
      }
      takeSmall();
      kick();
    },
  };
}
