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
export function createChangeTracker(parts: ChangeTrackerParts): ChangeTracker {
  return new BatchingTracker(parts);
}

/** The row id of a table row in {@link BatchingTracker}'s maps. */
const rowId = (table: string, key: string): string => `${table}\u0000${key}`;

/**
 * A {@link ChangeTracker} that gathers changes until the next turn of the event loop, then hands them
 * to the journal as one batch; while a batch is in the journal's hands the next one keeps gathering.
 */
class BatchingTracker implements ChangeTracker {
  readonly #journal: StateJournal;
  readonly #smallTables: () => Tables;
  /** The names of the small tables, read whole for every batch. */
  readonly #smallNames: ReadonlySet<string>;
  /** Rows changed since the last batch, by row id (a value may be a function read at batch time). */
  #dirty = new Map<string, [string, string, unknown]>();
  /** Changes that open the next batch (a whole new state). */
  #head: TableChange[] = [];
  /** Whether the next batch compares the small tables even with nothing else in it. */
  #forced = false;
  /** The commits waiting for the next batch. */
  #waiters: Waiter[] = [];
  // Batches in the journal's hands (at most MAX_IN_FLIGHT); the next one gathers until one resolves.
  #inFlight = 0;
  #latest: Promise<void> | undefined;
  #scheduled = false;
  #quiet = false;
  /** The JSON of every small-table row as last written, by row id. */
  readonly #written = new Map<string, string>();

  constructor({ journal, smallTables }: ChangeTrackerParts) {
    this.#journal = journal;
    this.#smallTables = smallTables;
    this.#smallNames = new Set(Object.keys(smallTables()));
  }

  change(table: string, key: string, value: unknown): void {
    if (this.#quiet) return;
    const id = rowId(table, key);
    const entry = this.#dirty.get(id);
    if (entry === undefined) this.#dirty.set(id, [table, key, value]);
    else entry[2] = value;
    this.#kick();
  }

  commit(force: boolean): Promise<void> {
    if (!force && this.#dirty.size === 0 && this.#head.length === 0)
      return this.#waiters.length > 0
        ? new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }))
        : (this.#latest ?? Promise.resolve());
    if (force) this.#forced = true;
    return new Promise((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      this.#kick();
    });
  }

  quietly(restore: () => void): void {
    this.#quiet = true;
    try {
      restore();
    } finally {
      this.#quiet = false;
    }
  }

  assumeWritten(tables: Tables): void {
    this.#written.clear();
    for (const [table, rows] of Object.entries(tables)) {
      if (!this.#smallNames.has(table)) continue;
      for (const [key, value] of rows) this.#written.set(rowId(table, key), JSON.stringify(value));
    }
  }

  replaceAll(tables: Tables): void {
    this.#dirty = new Map();
    this.#written.clear();
    const head: TableChange[] = [CLEAR_ALL];
    for (const [table, rows] of Object.entries(tables)) {
      for (const [key, value] of rows) head.push([table, key, value]);
    }
    this.#head = head;
    this.#takeSmall();
    this.#kick();
  }

  /** The small-table rows that differ from what was last written, now taken as written. */
  #diffSmall(): TableChange[] {
    const changes: TableChange[] = [];
    for (const [table, rows] of Object.entries(this.#smallTables())) {
      for (const [key, value] of rows) {
        const id = rowId(table, key);
        const json = JSON.stringify(value);
        if (this.#written.get(id) === json) continue;
        this.#written.set(id, json);
        changes.push([table, key, value]);
      }
    }
    return changes;
  }

  /** Takes the small tables as they are now as written. */
  #takeSmall(): void {
    this.#written.clear();
    this.#diffSmall();
  }

  #kick(): void {
    if (this.#scheduled || this.#inFlight >= MAX_IN_FLIGHT) return;
    this.#scheduled = true;
    // After the I/O of this turn rather than in a microtask, so the requests read meanwhile join the batch.
    defer(() => this.#run());
  }

  /** Makes the next batch of what gathered and hands it to the journal. */
  #run(): void {
    this.#scheduled = false;
    if (this.#inFlight >= MAX_IN_FLIGHT) return;
    const batch = this.#waiters;
    this.#waiters = [];
    const changes: TableChange[] = this.#head;
    this.#head = [];
    for (const [table, key, value] of this.#dirty.values()) {
      const read = typeof value === 'function' ? (value as () => unknown)() : value;
      changes.push([table, key, read ?? null]);
    }
    this.#dirty = new Map();
    if (this.#forced || changes.length > 0) changes.push(...this.#diffSmall());
    this.#forced = false;
    if (changes.length === 0) {
      for (const waiter of batch) waiter.resolve();
      return;
    }
    const done = this.#journal.write(changes);
    this.#inFlight += 1;
    this.#latest = done;
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
        this.#inFlight -= 1;
        if (this.#latest === done) this.#latest = undefined;
        if (this.#waiters.length > 0 || this.#dirty.size > 0 || this.#head.length > 0) this.#kick();
      });
  }
}
