import fc from 'fast-check';
import { expect, test } from 'vitest';
import { DisputeOutcome, DisputeStatus } from '../schemas/statuses.ts';
import {
  type DisputeEvent,
  disputeEvidenceDueBy,
  disputeMoves,
  disputeTransition,
} from './dispute-machine.ts';
import { DAY_MS } from './machine.ts';
import { checkRandomWalks, illegalPairs, t0 } from './test-support/machine-laws.ts';

function eventOf(type: DisputeEvent['type'], to: DisputeStatus = 'won'): DisputeEvent {
  return type === 'close' ? { type, now: t0, outcome: DisputeOutcome.parse(to) } : { type };
}

test.each(disputeMoves)('a $from dispute moves to $to on $on', ({ from, on, to }) => {
  expect(disputeTransition({ status: from }, eventOf(on, to))).toMatchObject({
    ok: true,
    state: { status: to },
  });
});

test.each(illegalPairs(disputeMoves, DisputeStatus.options, ['submit_evidence', 'close']))(
  'a $from dispute refuses $on with conflict',
  ({ from, on }) => {
    const result = disputeTransition({ status: from }, eventOf(on));
    expect(result).toMatchObject({ ok: false, code: 'conflict' });
    if (!result.ok) expect(result.message).toContain(from);
  },
);

test('a dispute under review cannot take evidence again', () => {
  expect(disputeTransition({ status: 'under_review' }, { type: 'submit_evidence' })).toMatchObject({
    ok: false,
    code: 'conflict',
  });
});

test.each(DisputeOutcome.options)(
  'closing as %s sets closed_at and emits dispute.closed with that outcome',
  (outcome) => {
    expect(disputeTransition({ status: 'needs_response' }, { type: 'close', now: t0, outcome })).toEqual({
      ok: true,
      state: { status: outcome },
      effects: [
        { kind: 'set_timestamp', field: 'closed_at', at: t0 },
        { kind: 'emit', event: 'dispute.closed', data: { outcome } },
      ],
    });
  },
);

test('evidence is due 7 days after the dispute opens, across a month end', () => {
  expect(disputeEvidenceDueBy(t0)).toBe('2025-02-07T00:00:00.000Z');
  expect(disputeEvidenceDueBy('2025-01-31')).toBeUndefined();
});

test('a malformed closing time is refused with invalid_request, not thrown', () => {
  expect(
    disputeTransition({ status: 'under_review' }, { type: 'close', now: '', outcome: 'won' }),
  ).toMatchObject({
    ok: false,
    code: 'invalid_request',
  });
});

test('random event sequences close a dispute at most once, with the status it was closed as', () => {
  checkRandomWalks({
    transition: disputeTransition,
    initial: fc.constantFrom(...DisputeStatus.options).map((status) => ({ status })),
    event: fc.oneof(
      fc.constant((): DisputeEvent => ({ type: 'submit_evidence' })),
      fc.constantFrom(...DisputeOutcome.options).map(
        (outcome) =>
          (now: string): DisputeEvent => ({ type: 'close', now, outcome }),
      ),
    ),
    table: disputeMoves,
    statuses: DisputeStatus.options,
    refusals: ['conflict'],
    maxAdvanceMs: DAY_MS,
    invariant: (before, event, next, effects) => {
      expect(['needs_response', 'under_review']).toContain(before.status);
      if (event.type === 'close') {
        expect(next.status).toBe(event.outcome);
        expect(effects).toContainEqual({
          kind: 'emit',
          event: 'dispute.closed',
          data: { outcome: event.outcome },
        });
      }
    },
  });
});
