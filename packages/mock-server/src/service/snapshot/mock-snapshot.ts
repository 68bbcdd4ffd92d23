import { MOCK_SNAPSHOT_VERSION, MockSnapshot } from '@glm/domain/test-helpers';

export { MOCK_SNAPSHOT_VERSION, MockSnapshot, SnapshotRow } from '@glm/domain/test-helpers';

/** A snapshot refused on restore: not a snapshot, or of a format version this server does not read. */
export class SnapshotFormatError extends Error {
  override readonly name = 'SnapshotFormatError';
}

/** The message refusing a snapshot of another format version: it names both versions. */
export const unknownSnapshotVersion = (version: number): string =>
  `Snapshot format version ${version} is not one this server reads (it reads version ${MOCK_SNAPSHOT_VERSION}).`;

/**
 * Checks that `value` is a snapshot of the version this server reads and answers it typed; otherwise
 * throws {@link SnapshotFormatError} saying what is wrong (the rows themselves are trusted: they come
 * from `mock.snapshot()`).
 */
export function readSnapshot(value: unknown): MockSnapshot {
  const version = (value as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version !== MOCK_SNAPSHOT_VERSION)
    throw new SnapshotFormatError(unknownSnapshotVersion(version));
  const parsed = MockSnapshot.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : ` (${issue.path.join('.')})`;
    throw new SnapshotFormatError(`Not a glm-mock snapshot: ${issue?.message ?? 'bad shape'}${where}.`);
  }
  return parsed.data;
}
