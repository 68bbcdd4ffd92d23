import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MockSnapshot } from '../../../service/snapshot/mock-snapshot.ts';
import type { StateJournal, TableChange } from '../../../service/snapshot/state-journal.ts';
import { createAppender } from './appender.ts';
import { DataDirectoryError } from './data-directory-error.ts';
import { LOCK_FILE, takeLock } from './directory-lock.ts';
import { encodeRecord, readRecords } from './framed-records.ts';
import { type JournalFile, openJournalFile } from './journal-file.ts';
import { applyChanges, imageOf, snapshotOf } from './table-image.ts';

/** The data directory layout version this server writes and reads. */
const DATA_FORMAT_VERSION = 1;

const FORMAT_FILE = 'format.json';
const SNAPSHOT_FILE = 'snapshot.json';
const journalFile = (generation: number): string => `journal-${generation}.log`;
const JOURNAL_NAME = /^journal-(\d+)\.log$/;

/** Options of {@link openDataDirectory}. */
export interface OpenDataDirectoryOptions {
  /** Start empty: forget the state kept there (the directory must still be one of ours). */
  readonly fresh?: boolean;
  /** Where warnings go (a torn last record dropped, a stale lock taken over, a failed compaction). */
  readonly warn: (message: string) => void;
  /**
   * Once the journal holds this many bytes, it is folded into a new snapshot taken from the source given
   * to {@link DataDirectory.compactFrom}. Default 64 MiB.
   */
  readonly compactAfterBytes?: number;
  /**
   * Whether journal writes use `O_DSYNC` (one system call each) rather than a write and an `fdatasync`.
   * Default: where the platform has it.
   */
  readonly syncedWrites?: boolean;
}

/** An open data directory: the state found there and the journal new changes go to. */
export interface DataDirectory {
  /** The directory. */
  readonly path: string;
  /** The state kept there, or `undefined` when it holds none yet. */
  readonly snapshot: MockSnapshot | undefined;
  /** The journal (`createMockService({ journal })`): each batch is appended and flushed to disk. */
  readonly journal: StateJournal;
  /**
   * Where the current state is read when the journal has grown past `compactAfterBytes` (the running
   * service's `snapshot()`): it becomes the new snapshot and the journal starts again, empty.
   */
  compactFrom(source: () => MockSnapshot): void;
  /** Writes `state` as the new snapshot (when given), closes the journal and releases the lock. */
  close(state?: MockSnapshot): Promise<void>;
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic there.
  } finally {
    await handle.close();
  }
}

async function writeDurably(dir: string, name: string, bytes: Buffer): Promise<void> {
  const temporary = join(dir, `${name}.tmp`);
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, join(dir, name));
  await syncDirectory(dir);
}

async function checkFormat(dir: string, names: readonly string[]): Promise<void> {
  if (!names.includes(FORMAT_FILE)) {
    const others = names.filter((name) => name !== LOCK_FILE);
    if (others.length > 0) {
      throw new DataDirectoryError(
        `${dir} is not a glm-mock data directory (it has no ${FORMAT_FILE} but holds ${others.slice(0, 3).join(', ')}); it was left as it is. Give an empty or new directory.`,
      );
    }
    const format = { format: 'glm-mock-data', version: DATA_FORMAT_VERSION };
    await writeDurably(dir, FORMAT_FILE, Buffer.from(`${JSON.stringify(format)}\n`));
    return;
  }
  let format: { format?: unknown; version?: unknown };
  try {
    format = JSON.parse(await readFile(join(dir, FORMAT_FILE), 'utf8')) as typeof format;
  } catch (error) {
    throw new DataDirectoryError(
      `${join(dir, FORMAT_FILE)} cannot be read (${String(error)}); the directory was left as it is.`,
    );
  }
  if (format.format !== 'glm-mock-data' || format.version !== DATA_FORMAT_VERSION) {
    throw new DataDirectoryError(
      `${dir} holds data of format version ${JSON.stringify(format.version)}, and this glm-mock reads version ${DATA_FORMAT_VERSION}; the directory was left as it is (use the glm-mock that wrote it, or another --data directory).`,
    );
  }
}

/** Deletes the journals of every generation but `generation` (folded into the snapshot already). */
async function dropJournalsBut(dir: string, generation: number): Promise<void> {
  for (const name of await readdir(dir)) {
    const match = JOURNAL_NAME.exec(name);
    if (match !== null && Number(match[1]) !== generation) await unlink(join(dir, name));
  }
}

interface StoredSnapshot {
  readonly generation: number;
  readonly snapshot: MockSnapshot | null;
}

/** The `code` of a file-system error (`ENOENT`, `EEXIST`…), if it has one. */
const errorCode = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

async function readSnapshotFile(dir: string): Promise<StoredSnapshot> {
  let bytes: Buffer;
  try {
    bytes = await readFile(join(dir, SNAPSHOT_FILE));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { generation: 0, snapshot: null };
    throw error;
  }
  const read = readRecords(bytes);
  const stored = read.records[0] as Partial<StoredSnapshot> | undefined;
  if (read.bad !== undefined || read.records.length !== 1 || typeof stored?.generation !== 'number') {
    throw new DataDirectoryError(
      `${join(dir, SNAPSHOT_FILE)} is corrupt (${read.bad?.reason ?? 'not one snapshot record'}); the directory was left as it is.`,
    );
  }
  return { generation: stored.generation, snapshot: stored.snapshot ?? null };
}

/**
 * Creates `dir` and any missing parent, one level at a time. Node's `mkdir(…, { recursive: true })`
 * never settles under a file system that answers "no such entry" for a folder it refuses (`/proc`), so a
 * data directory there would hang the start; here such a path is refused like any other.
 */
async function makeDirectory(dir: string): Promise<void> {
  try {
    await mkdir(dir);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return;
    const parent = dirname(dir);
    if (errorCode(error) !== 'ENOENT' || parent === dir) throw cannotCreate(dir, error);
    await makeDirectory(parent);
    await mkdir(dir).catch((again: unknown) => {
      if (errorCode(again) !== 'EEXIST') throw cannotCreate(dir, again);
    });
  }
}

const cannotCreate = (dir: string, error: unknown): DataDirectoryError =>
  new DataDirectoryError(
    `${dir} cannot be created as a data directory (${error instanceof Error ? error.message : String(error)}).`,
  );

/**
 * Opens (or creates) a data directory: takes its lock, checks its format version, reads the snapshot
 * and replays the journal after it. A torn last journal record (a write cut by a crash: it was never
 * acknowledged) is dropped with a warning naming it. Anything else unreadable, an unknown format
 * version or a lock held by a live process throws {@link DataDirectoryError} and leaves the directory
 * as it was. When the journal held records, they are folded into a new snapshot at once, so a start
 * costs the state's size, not its history.
 */
export async function openDataDirectory(
  dir: string,
  options: OpenDataDirectoryOptions,
): Promise<DataDirectory> {
  await makeDirectory(dir);
  const release = await takeLock(dir, options.warn);
  try {
    const names = await readdir(dir);
    await checkFormat(dir, names);
    const found = options.fresh ? { generation: 0, snapshot: null } : await readSnapshotFile(dir);
    let { generation } = found;
    if (options.fresh) {
      for (const name of names) {
        if (name === SNAPSHOT_FILE || JOURNAL_NAME.test(name)) await unlink(join(dir, name));
      }
    }
    const image = imageOf(found.snapshot ?? undefined);
    let replayed = 0;
    let torn = false;
    const journalPath = join(dir, journalFile(generation));
    const bytes = options.fresh ? Buffer.alloc(0) : await readFile(journalPath).catch(() => Buffer.alloc(0));
    const read = readRecords(bytes);
    if (read.bad !== undefined && !read.bad.last) {
      throw new DataDirectoryError(
        `${journalPath} is corrupt at record ${read.bad.number} (byte ${read.bad.offset}: ${read.bad.reason}) with more records after it; the directory was left as it is.`,
      );
    }
    for (const [index, record] of read.records.entries()) {
      if (!Array.isArray(record)) {
        throw new DataDirectoryError(
          `${journalPath} record ${index + 1} is not a batch of changes; the directory was left as it is.`,
        );
      }
      applyChanges(image, record as TableChange[]);
      replayed += 1;
    }
    if (read.bad !== undefined) {
      torn = true;
      options.warn(
        `dropped the torn last record of ${journalPath} (record ${read.bad.number}, byte ${read.bad.offset}: ${read.bad.reason}); it was cut by a crash before any answer confirmed it.`,
      );
    }
    const state = snapshotOf(image, new Date().toISOString());
    if (replayed > 0 || torn) {
      generation += 1;
      await writeDurably(dir, SNAPSHOT_FILE, encodeRecord({ generation, snapshot: state ?? null }));
    }
    await dropJournalsBut(dir, generation);
    let file: JournalFile = await openJournalFile(join(dir, journalFile(generation)), options.syncedWrites);
    await syncDirectory(dir);
    let journalBytes = replayed > 0 || torn ? 0 : read.goodBytes;
    const compactAfter = options.compactAfterBytes ?? 64 * 1024 * 1024;
    let source: (() => MockSnapshot) | undefined;
    // The new snapshot holds everything the old journal did. Runs only while no write is in progress: the
    // appender calls it between groups, and `close` once the appender is idle.
    const rollOver = async (state: MockSnapshot): Promise<void> => {
      generation += 1;
      await writeDurably(dir, SNAPSHOT_FILE, encodeRecord({ generation, snapshot: state }));
      const old = file;
      file = await openJournalFile(join(dir, journalFile(generation)), options.syncedWrites);
      await syncDirectory(dir);
      journalBytes = 0;
      await old.close();
      await dropJournalsBut(dir, generation);
    };
    const compactIfLarge = async (): Promise<void> => {
      if (journalBytes < compactAfter || source === undefined) return;
      try {
        await rollOver(source());
      } catch (error) {
        options.warn(`could not fold the journal of ${dir} into a new snapshot: ${String(error)}`);
      }
    };
    const appender = createAppender({
      append: async (bytes) => {
        await file.append(bytes);
        journalBytes += bytes.length;
      },
      after: compactIfLarge,
    });
    const journal: StateJournal = { write: (changes) => appender.append(encodeRecord(changes)) };
    return {
      path: dir,
      snapshot: state,
      journal,
      compactFrom(given) {
        source = given;
      },
      async close(final) {
        await appender.idle();
        if (final !== undefined) await rollOver(final);
        await file.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
