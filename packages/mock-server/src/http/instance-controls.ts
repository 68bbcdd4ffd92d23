import type {
  MockSnapshot,
  ResetResult,
  SnapshotLoaded,
  SnapshotLoadRequest,
} from '@glm/domain/test-helpers';
import type { Outcome } from '../core/outcome.ts';
import type { FaultRules } from './faults/fault-rules.ts';
import type { RequestJournal } from './journal/request-journal.ts';

/**
 * What the test helpers that act on a whole service instance call: its fault rules and request journal
 * (HTTP state, here), and its reset and snapshots, which the assembled service hands over (the
 * pipeline cannot reach the service it is part of).
 */
export interface InstanceControls {
  /** The instance's fault rules. */
  readonly faults: FaultRules;
  /** The instance's request journal. */
  readonly journal: RequestJournal;
  /** Back to what the instance started with; keys keep working. */
  reset(): ResetResult;
  /** The instance's state as a versioned snapshot. */
  snapshot(): MockSnapshot;
  /** Replaces the instance's state with a snapshot (already checked); a refusal changes nothing. */
  loadSnapshot(snapshot: SnapshotLoadRequest): Outcome<SnapshotLoaded>;
}
