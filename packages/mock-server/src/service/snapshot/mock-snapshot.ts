import { z } from 'zod';

/** The snapshot format this server writes and reads. */
export const MOCK_SNAPSHOT_VERSION = 1;

/** One stored object of a snapshot table: its key (text) and its value (plain JSON). */
export const SnapshotRow = z.tuple([z.string(), z.unknown()]);
/** One stored object of a snapshot table. */
export type SnapshotRow = z.infer<typeof SnapshotRow>;

/**
 * The whole state of a service as plain JSON: the format name, its version and one table per kind of
 * object (`products`, `test.orders`, `events`, `keys`, `idempotency`, `meta`, …), each a list of
 * `[key, value]` rows oldest first. What `mock.snapshot()` answers and `createMockService({ snapshot })`
 * and a data directory restore.
 */
export const MockSnapshot = z.object({
  /** Always `glm-mock-snapshot`. */
  format: z.literal('glm-mock-snapshot'),
  /** The format version ({@link MOCK_SNAPSHOT_VERSION}); another version is refused. */
  version: z.int().min(1),
  /** When it was taken, on the service clock (ISO 8601). */
  taken_at: z.string(),
  /**
   * Rows per table, oldest first. Only the envelope is checked (each table is a list): the rows come
   * from `mock.snapshot()`, and checking each one would cost more than restoring it.
   */
  tables: z.record(
    z.string(),
    z.custom<SnapshotRow[]>((rows) => Array.isArray(rows), { message: 'Each table must be a list of rows.' }),
  ),
});
/** The whole state of a service as plain JSON (see the schema of the same name). */
export type MockSnapshot = z.infer<typeof MockSnapshot>;

/** A snapshot refused on restore: not a snapshot, or of a format version this server does not read. */
export class SnapshotFormatError extends Error {
  override readonly name = 'SnapshotFormatError';
}

/**
 * Checks that `value` is a snapshot of the version this server reads and answers it typed; otherwise
 * throws {@link SnapshotFormatError} saying what is wrong (the rows themselves are trusted: they come
 * from `mock.snapshot()`).
 */
export function readSnapshot(value: unknown): MockSnapshot {
  const parsed = MockSnapshot.safeParse(value);
  if (!parsed.success) {
    const version = (value as { version?: unknown } | null)?.version;
    if (typeof version === 'number' && version !== MOCK_SNAPSHOT_VERSION)
      throw new SnapshotFormatError(unknownVersion(version));
    throw new SnapshotFormatError(
      `Not a glm-mock snapshot: ${parsed.error.issues[0]?.message ?? 'bad shape'}.`,
    );
  }
  if (parsed.data.version !== MOCK_SNAPSHOT_VERSION)
    throw new SnapshotFormatError(unknownVersion(parsed.data.version));
  return parsed.data;
}

const unknownVersion = (version: number): string =>
  `Snapshot format version ${version} is not one this server reads (it reads version ${MOCK_SNAPSHOT_VERSION}).`;
