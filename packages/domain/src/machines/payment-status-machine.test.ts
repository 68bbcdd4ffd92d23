import fc from 'fast-check';
import { expect, test } from 'vitest';
import { DisputeOutcome, PaymentStatus } from '../schemas/statuses.ts';
import { HOUR_MS } from './machine.ts';
import {
  type PaymentStatusEvent,
  paymentStatusMoves,
  paymentStatusTransition,
} from './payment-status-machine.ts';
import { checkRandomWalks, illegalPairs, t0 } from './test-support/machine-laws.ts';

function eventOf(type: PaymentStatusEvent['type'], to?: PaymentStatus): PaymentStatusEvent {
  switch (type) {
    case 'capture':
      return { type, now: t0 };
    case 'refund_succeeded':
      return { type, fully_refunded: to === 'refunded' };
    case 'dispute_closed':
      return { type, outcome: to === 'refunded' ? 'lost' : 'won' };
    default:
      return { type };
  }
}

const eventTypes = [
  'authorize',
  'capture',
  'fail',
  'refund_succeeded',
  'dispute_opened',
  'dispute_closed',
] as const;

test.each(paymentStatusMoves)('a $from payment moves to $to on $on', ({ from, on, to }) => {
  expect(paymentStatusTransition({ status: from }, eventOf(on, to))).toMatchObject({
    ok: true,
    state: { status: to },
  });
});

test.each(illegalPairs(paymentStatusMoves, PaymentStatus.options, eventTypes))(
  'a $from payment refuses $on with conflict',
  ({ from, on }) => {
    const result = paymentStatusTransition({ status: from }, eventOf(on));
    expect(result).toMatchObject({ ok: false, code: 'conflict' });
    if (!result.ok) expect(result.message).toContain(from);
  },
);

test('capturing sets captured_at to now', () => {
  expect(paymentStatusTransition({ status: 'authorized' }, { type: 'capture', now: t0 })).toEqual({
    ok: true,
    state: { status: 'captured' },
    effects: [{ kind: 'set_timestamp', field: 'captured_at', at: t0 }],
  });
});

test('a partial refund keeps the payment captured and a full one makes it refunded', () => {
  const partial = paymentStatusTransition(
    { status: 'captured' },
    { type: 'refund_succeeded', fully_refunded: false },
  );
  const full = paymentStatusTransition(
    { status: 'captured' },
    { type: 'refund_succeeded', fully_refunded: true },
  );
  expect(partial).toEqual({ ok: true, state: { status: 'captured' }, effects: [] });
  expect(full).toEqual({ ok: true, state: { status: 'refunded' }, effects: [] });
});

test.each([
  ['won', 'captured'],
  ['warning_closed', 'captured'],
  ['lost', 'refunded'],
] as const)('a dispute closed as %s leaves the payment %s', (outcome, status) => {
  expect(paymentStatusTransition({ status: 'disputed' }, { type: 'dispute_closed', outcome })).toMatchObject({
    ok: true,
    state: { status },
  });
});

test('a disputed payment cannot be refunded until the dispute closes', () => {
  const result = paymentStatusTransition(
    { status: 'disputed' },
    { type: 'refund_succeeded', fully_refunded: true },
  );
  expect(result).toMatchObject({ ok: false, code: 'conflict' });
});

test('a malformed capture time is refused with invalid_request, not thrown', () => {
  expect(
    paymentStatusTransition({ status: 'authorized' }, { type: 'capture', now: '1/2/2025' }),
  ).toMatchObject({
    ok: false,
    code: 'invalid_request',
  });
});

test('random event sequences follow the table and never take a captured payment back before capture', () => {
  const settled = new Set<string>(['captured', 'refunded', 'disputed']);
  checkRandomWalks({
    transition: paymentStatusTransition,
    initial: fc.constantFrom(...PaymentStatus.options).map((status) => ({ status })),
    event: fc.oneof(
      fc
        .constantFrom('authorize', 'fail', 'dispute_opened')
        .map((type) => (): PaymentStatusEvent => ({ type })),
      fc.constant((now: string): PaymentStatusEvent => ({ type: 'capture', now })),
      fc
        .boolean()
        .map((fully_refunded) => (): PaymentStatusEvent => ({ type: 'refund_succeeded', fully_refunded })),
      fc
        .constantFrom(...DisputeOutcome.options)
        .map((outcome) => (): PaymentStatusEvent => ({ type: 'dispute_closed', outcome })),
    ),
    table: paymentStatusMoves,
    statuses: PaymentStatus.options,
    refusals: ['conflict'],
    maxAdvanceMs: HOUR_MS,
    invariant: (before, _event, next) => {
      if (settled.has(before.status)) expect(settled.has(next.status)).toBe(true);
      expect(['failed', 'refunded']).not.toContain(before.status);
    },
  });
});
