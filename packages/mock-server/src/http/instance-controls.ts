import type {
  Merchant,
  MerchantCreateRequest,
  MerchantDeleted,
  MerchantWithKeys,
  MockSnapshot,
  ResetResult,
  SnapshotLoaded,
  SnapshotLoadRequest,
} from '@glm/domain/test-helpers';
import type { Outcome } from '../core/outcome.ts';
import type { CoverageCounters } from './coverage/coverage-counters.ts';
import type { InstanceCoverage } from './coverage/instance-coverage.ts';
import type { FaultRules } from './faults/fault-rules.ts';
import type { InstanceFuture } from './future/instance-future.ts';
import type { RequestJournal } from './journal/request-journal.ts';

/**
 * What the test helpers that act on a whole service instance call: its fault rules and request journal
 * (HTTP state, here), and its reset and snapshots, which the assembled service hands over (the
 * pipeline cannot reach the service it is part of).
 */
export interface InstanceControls {
  /** The merchants of the server that holds the instance, as the caller's merchant sees them. */
  readonly merchants: MerchantControls;
  /** The instance's fault rules. */
  readonly faults: FaultRules;
  /** The instance's request journal. */
  readonly journal: RequestJournal;
  /** The instance's coverage counters, and the reports of them. */
  readonly coverage: InstanceCoverage;
  /** The instance's future mode: answers as a later API version would send them. */
  readonly future: InstanceFuture;
  /** Back to what the instance started with; keys keep working. */
  reset(): ResetResult;
  /** The instance's state as a versioned snapshot. */
  snapshot(): MockSnapshot;
  /** Replaces the instance's state with a snapshot (already checked); a refusal changes nothing. */
  loadSnapshot(snapshot: SnapshotLoadRequest): Outcome<SnapshotLoaded>;
}

/**
 * The merchant test helpers, as one instance (one merchant) answers them: the server that holds the
 * instance creates merchants beside it, and removes it.
 */
export interface MerchantControls {
  /** Creates another merchant on the same server (`507 storage_full` past the server's limit). */
  create(input: MerchantCreateRequest): Outcome<MerchantWithKeys> | Promise<Outcome<MerchantWithKeys>>;
  /** The instance's own merchant. */
  current(): Merchant;
  /** Every merchant of the server, oldest first (the dashboard's switcher lists them). */
  list(): readonly Merchant[];
  /** The coverage counters of every merchant of the server (what `?scope=server` sums). */
  coverages(): readonly CoverageCounters[];
  /** Removes the instance's merchant and its keys (`409 conflict` for the server's first merchant). */
  deleteCurrent(): Outcome<MerchantDeleted> | Promise<Outcome<MerchantDeleted>>;
}
