import type { MockSnapshot } from '../../../service/snapshot/mock-snapshot.ts';
import { MOCK_SNAPSHOT_VERSION } from '../../../service/snapshot/mock-snapshot.ts';
import type { TableChange } from '../../../service/snapshot/state-journal.ts';

/** Every table's rows by key, in the order they were first written: the state a journal replays into. */
export type TableImage = Map<string, Map<string, unknown>>;

/** The image of a snapshot's tables. */
export function imageOf(snapshot: MockSnapshot | undefined): TableImage {
  const image: TableImage = new Map();
  for (const [table, rows] of Object.entries(snapshot?.tables ?? {})) image.set(table, new Map(rows));
  return image;
}

/**
 * Applies one journal batch: `null` deletes a row, a value replaces it in place or appends it; the
 * table `*` empties every table (a reset). Replaying a batch twice changes nothing more.
 */
export function applyChanges(image: TableImage, changes: readonly TableChange[]): void {
  for (const [table, key, value] of changes) {
    if (table === '*') {
      image.clear();
      continue;
    }
    let rows = image.get(table);
    if (rows === undefined) {
      rows = new Map();
      image.set(table, rows);
    }
    if (value === null) rows.delete(key);
    else rows.set(key, value);
  }
}

/** The snapshot of an image, or `undefined` for an empty one (a directory with no state yet). */
export function snapshotOf(image: TableImage, takenAt: string): MockSnapshot | undefined {
  if (image.size === 0) return undefined;
  const tables: MockSnapshot['tables'] = {};
  for (const [table, rows] of image) tables[table] = [...rows];
  return { format: 'glm-mock-snapshot', version: MOCK_SNAPSHOT_VERSION, taken_at: takenAt, tables };
}
