import type { DisputeOutcome, DisputeStatus } from '../schemas/statuses.ts';
import {
  canMove,
  DAY_MS,
  type EmitWithDataEffect,
  forbidden,
  type Instant,
  instantMs,
  invalidInstant,
  type Move,
  moved,
  type SetTimestampEffect,
  shiftInstant,
  type Transition,
  unknownEvent,
} from './machine.ts';

/** How long a merchant has to answer a new dispute: 7 days after it opens. */
const DISPUTE_EVIDENCE_WINDOW_MS = 7 * DAY_MS;

/** What the dispute machine needs to know about a dispute. */
export interface DisputeState {
  /** The dispute's status; a new dispute is `needs_response`. */
  readonly status: DisputeStatus;
}

/** What can happen to an open dispute. */
export type DisputeEvent =
  | { readonly type: 'submit_evidence' }
  | { readonly type: 'close'; readonly now: Instant; readonly outcome: DisputeOutcome };

/** The effects of a dispute move: closing sets `closed_at` and emits `dispute.closed` with its outcome. */
export type DisputeEffect =
  | SetTimestampEffect<'closed_at'>
  | EmitWithDataEffect<'dispute.closed', { readonly outcome: DisputeOutcome }>;

/** The result of {@link disputeTransition}. */
export type DisputeTransition = Transition<DisputeState, DisputeEffect>;

const closings = (from: 'needs_response' | 'under_review') =>
  (['won', 'lost', 'warning_closed'] as const).map((to) => ({ from, on: 'close', to }) as const);

/**
 * Every legal move of a dispute: evidence puts it `under_review`, and it closes as `won`, `lost`
 * or `warning_closed` from either open status. Closed disputes are terminal.
 */
export const disputeMoves = [
  { from: 'needs_response', on: 'submit_evidence', to: 'under_review' },
  ...closings('needs_response'),
  ...closings('under_review'),
] as const satisfies readonly Move<DisputeStatus, DisputeEvent['type']>[];

/** The `evidence_due_by` of a dispute opened at `createdAt`, or `undefined` for a bad instant. */
export function disputeEvidenceDueBy(createdAt: Instant): Instant | undefined {
  return shiftInstant(createdAt, DISPUTE_EVIDENCE_WINDOW_MS);
}

/** Moves a dispute: evidence puts it under review; closing it records the outcome. */
export function disputeTransition(state: DisputeState, event: DisputeEvent): DisputeTransition {
  if (!canMove(disputeMoves, state.status, event.type)) {
    return forbidden('dispute', state.status, event.type);
  }
  switch (event.type) {
    case 'submit_evidence':
      return moved({ status: 'under_review' });
    case 'close':
      if (instantMs(event.now) === undefined) return invalidInstant('now');
      return moved({ status: event.outcome }, [
        { kind: 'set_timestamp', field: 'closed_at', at: event.now },
        { kind: 'emit', event: 'dispute.closed', data: { outcome: event.outcome } },
      ]);
    default:
      return unknownEvent(event);
  }
}
