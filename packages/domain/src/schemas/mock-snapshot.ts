import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** The snapshot format the reference server writes and reads. */
export const MOCK_SNAPSHOT_VERSION = 1;

/** One stored object of a snapshot table: its key (text) and its value (plain JSON). */
export const SnapshotRow = z.tuple([z.string(), z.unknown()]);
/** One stored object of a snapshot table. */
export type SnapshotRow = z.infer<typeof SnapshotRow>;

/**
 * The whole state of a reference server instance as plain JSON: the format name, its version and one
 * table per kind of object (`products`, `test.orders`, `events`, `keys`, `idempotency`, `meta`, …), each
 * a list of `[key, value]` rows oldest first. What `GET /v2/test_helpers/snapshot` and
 * `mock.snapshot()` answer, and what `POST /v2/test_helpers/snapshot`, `createMockService({ snapshot })`
 * and `glm-mock serve --snapshot FILE` load. Only the envelope is checked: the rows come from a
 * snapshot the server took.
 */
export const MockSnapshot = lazySchema(() =>
  z.object({
    /** Always `glm-mock-snapshot`. */
    format: z.literal('glm-mock-snapshot'),
    /** The format version ({@link MOCK_SNAPSHOT_VERSION}); another version is refused. */
    version: z.int().min(1),
    /** When it was taken, on the service clock (ISO 8601). */
    taken_at: z.string(),
    /** Rows per table, oldest first. */
    tables: z.record(z.string(), z.array(SnapshotRow)),
  }),
);
/** The whole state of a reference server instance as plain JSON. */
export type MockSnapshot = z.infer<typeof MockSnapshot>;

/**
 * The body of `POST /v2/test_helpers/snapshot`: a snapshot as `GET /v2/test_helpers/snapshot` answered
 * it (the same schema, named apart for the request).
 */
export const SnapshotLoadRequest = lazySchema(() => z.object({ ...MockSnapshot.shape }));
/** The body of `POST /v2/test_helpers/snapshot`. */
export type SnapshotLoadRequest = z.infer<typeof SnapshotLoadRequest>;

/** The answer of `POST /v2/test_helpers/snapshot`: the state is the snapshot's, and `now` its clock. */
export const SnapshotLoaded = lazySchema(() =>
  z.object({
    loaded: z.literal(true),
    taken_at: z.string(),
    now: z.string(),
  }),
);
/** The answer of `POST /v2/test_helpers/snapshot`. */
export type SnapshotLoaded = z.infer<typeof SnapshotLoaded>;
