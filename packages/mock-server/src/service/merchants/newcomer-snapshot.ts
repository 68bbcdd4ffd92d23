import type { MockSnapshot, SnapshotRow } from '../snapshot/mock-snapshot.ts';

/** The meta rows that belong to one merchant only: its default keys, dashboard token and webhook secrets. */
const OWN_META = new Set(['defaultKeys', 'dashboardToken', 'webhookSecrets']);

/**
 * The state a new merchant starts from when the server started from `snapshot`: the same objects,
 * events and clock, without the keys and secrets, which the new merchant makes its own.
 */
export function newcomerSnapshot(snapshot: MockSnapshot): MockSnapshot {
  const { keys: _keys, meta = [], ...tables } = snapshot.tables;
  return {
    ...snapshot,
    tables: { ...tables, meta: meta.filter((row: SnapshotRow) => !OWN_META.has(String(row[0]))) },
  };
}
