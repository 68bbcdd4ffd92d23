import fc from 'fast-check';
import { expect, test } from 'vitest';
import { RefundStatus } from '../schemas/statuses.ts';
import { HOUR_MS } from './machine.ts';
import { type RefundEvent, refundMoves, refundTransition } from './refund-machine.ts';
import { checkRandomWalks, emitted, illegalPairs, t0 } from './test-support/machine-laws.ts';

function eventOf(type: RefundEvent['type']): RefundEvent {
  return type === 'succeed' ? { type, now: t0, fully_refunded: true } : { type, now: t0 };
}

test.each(refundMoves)('a $from refund moves to $to on $on', ({ from, on, to }) => {
  expect(refundTransition({ status: from }, eventOf(on))).toMatchObject({ ok: true, state: { status: to } });
});

test.each(illegalPairs(refundMoves, RefundStatus.options, ['succeed', 'fail']))(
  'a $from refund refuses $on with conflict',
  ({ from, on }) => {
    const result = refundTransition({ status: from }, eventOf(on));
    expect(result).toMatchObject({ ok: false, code: 'conflict' });
    if (!result.ok) expect(result.message).toContain(from);
  },
);

test.each([
  [true, 'refunded'],
  [false, 'partially_refunded'],
] as const)(
  'a refund that leaves nothing (%s) reports payment_status %s',
  (fully_refunded, paymentStatus) => {
    expect(refundTransition({ status: 'pending' }, { type: 'succeed', now: t0, fully_refunded })).toEqual({
      ok: true,
      state: { status: 'succeeded' },
      effects: [
        { kind: 'set_timestamp', field: 'processed_at', at: t0 },
        { kind: 'emit', event: 'refund.succeeded', data: { payment_status: paymentStatus } },
      ],
    });
  },
);

test('a failed refund sets processed_at and emits refund.failed', () => {
  expect(refundTransition({ status: 'pending' }, { type: 'fail', now: t0 })).toEqual({
    ok: true,
    state: { status: 'failed' },
    effects: [
      { kind: 'set_timestamp', field: 'processed_at', at: t0 },
      { kind: 'emit', event: 'refund.failed' },
    ],
  });
});

test('a malformed now is refused with invalid_request, not thrown', () => {
  expect(refundTransition({ status: 'pending' }, { type: 'fail', now: 'later' })).toMatchObject({
    ok: false,
    code: 'invalid_request',
  });
});

test('random event sequences settle a refund at most once and emit exactly one outcome event', () => {
  checkRandomWalks({
    transition: refundTransition,
    initial: fc.constantFrom(...RefundStatus.options).map((status) => ({ status })),
    event: fc.oneof(
      fc.boolean().map(
        (fully_refunded) =>
          (now: string): RefundEvent => ({ type: 'succeed', now, fully_refunded }),
      ),
      fc.constant((now: string): RefundEvent => ({ type: 'fail', now })),
    ),
    table: refundMoves,
    statuses: RefundStatus.options,
    refusals: ['conflict'],
    maxAdvanceMs: HOUR_MS,
    invariant: (before, _event, next, effects) => {
      expect(before.status).toBe('pending');
      expect(emitted(effects)).toEqual([next.status === 'succeeded' ? 'refund.succeeded' : 'refund.failed']);
    },
  });
});
