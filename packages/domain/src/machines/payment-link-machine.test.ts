import fc from 'fast-check';
import { expect, test } from 'vitest';
import { PaymentLinkStatus } from '../schemas/statuses.ts';
import { DAY_MS, HOUR_MS } from './machine.ts';
import {
  isPaymentLinkExpired,
  isPaymentLinkExpiryAllowed,
  PAYMENT_LINK_DEFAULT_LIFETIME_MS,
  type PaymentLinkEvent,
  type PaymentLinkState,
  paymentLinkDefaultExpiresAt,
  paymentLinkMoves,
  paymentLinkTransition,
} from './payment-link-machine.ts';
import { after, checkRandomWalks, emitted, illegalPairs, t0 } from './test-support/machine-laws.ts';

const expiresAt = after(PAYMENT_LINK_DEFAULT_LIFETIME_MS);
const beforeExpiry = after(DAY_MS);

function link(status: PaymentLinkStatus): PaymentLinkState {
  return { status, expires_at: expiresAt };
}

test.each(paymentLinkMoves)('an $from link moves to $to on $on', ({ from, on, to }) => {
  const now = on === 'expire' ? expiresAt : beforeExpiry;
  const result = paymentLinkTransition(link(from), { type: on, now });
  expect(result).toMatchObject({ ok: true, state: { status: to } });
});

const illegal = illegalPairs(paymentLinkMoves, PaymentLinkStatus.options, [
  'cancel',
  'payment_succeeded',
  'expire',
]);

test.each(illegal.filter(({ on }) => on === 'cancel'))(
  'cancelling a $from link is invalid_state with param status and a message naming $from',
  ({ from }) => {
    const result = paymentLinkTransition(link(from), { type: 'cancel', now: beforeExpiry, reason: 'x' });
    expect(result).toMatchObject({ ok: false, code: 'invalid_state', param: 'status' });
    if (!result.ok) expect(result.message).toContain(`is ${from}`);
  },
);

test.each(illegal.filter(({ on }) => on !== 'cancel'))(
  'a $from link refuses $on with conflict',
  ({ from, on }) => {
    for (const now of [beforeExpiry, expiresAt]) {
      expect(paymentLinkTransition(link(from), { type: on, now })).toMatchObject({
        ok: false,
        code: 'conflict',
      });
    }
  },
);

test('cancelling a paid link points to a refund instead', () => {
  const result = paymentLinkTransition(link('paid'), { type: 'cancel', now: beforeExpiry });
  expect(result.ok ? '' : result.message).toMatch(/refund/);
});

test('cancelling sets cancelled_at and the reason, then emits payment_link.cancelled', () => {
  const result = paymentLinkTransition(link('active'), { type: 'cancel', now: beforeExpiry, reason: 'Typo' });
  expect(result).toEqual({
    ok: true,
    state: link('cancelled'),
    effects: [
      { kind: 'set_timestamp', field: 'cancelled_at', at: beforeExpiry },
      { kind: 'set_cancellation_reason', reason: 'Typo' },
      { kind: 'emit', event: 'payment_link.cancelled' },
    ],
  });
});

test('cancelling without a reason sets no cancellation_reason', () => {
  const result = paymentLinkTransition(link('active'), { type: 'cancel', now: beforeExpiry });
  expect(result.ok && result.effects.map((e) => e.kind)).toEqual(['set_timestamp', 'emit']);
});

test('paying emits payment_link.paid before the order is created and order.created is emitted', () => {
  const result = paymentLinkTransition(link('active'), { type: 'payment_succeeded', now: beforeExpiry });
  expect(result).toEqual({
    ok: true,
    state: link('paid'),
    effects: [
      { kind: 'emit', event: 'payment_link.paid' },
      { kind: 'create_order' },
      { kind: 'emit', event: 'order.created' },
      { kind: 'emit', event: 'order.completed' },
    ],
  });
});

test('an active link expires once now reaches expires_at, and not before', () => {
  expect(
    paymentLinkTransition(link('active'), {
      type: 'expire',
      now: after(PAYMENT_LINK_DEFAULT_LIFETIME_MS - 1),
    }),
  ).toMatchObject({
    ok: false,
    code: 'conflict',
  });
  expect(paymentLinkTransition(link('active'), { type: 'expire', now: expiresAt })).toEqual({
    ok: true,
    state: link('expired'),
    effects: [{ kind: 'emit', event: 'payment_link.expired' }],
  });
});

test('an active link past its expires_at cannot be paid', () => {
  const result = paymentLinkTransition(link('active'), {
    type: 'payment_succeeded',
    now: after(PAYMENT_LINK_DEFAULT_LIFETIME_MS + HOUR_MS),
  });
  expect(result).toMatchObject({ ok: false, code: 'conflict' });
});

test('a malformed now is refused with invalid_request, not thrown', () => {
  expect(paymentLinkTransition(link('active'), { type: 'cancel', now: '' })).toMatchObject({
    ok: false,
    code: 'invalid_request',
    param: 'now',
  });
});

test('a link expires 15 days after creation by default', () => {
  expect(paymentLinkDefaultExpiresAt(t0)).toBe('2025-02-15T00:00:00.000Z');
});

test('a requested expires_at must be in the future and at most 90 days away', () => {
  expect(isPaymentLinkExpiryAllowed(after(90 * DAY_MS), t0)).toBe(true);
  expect(isPaymentLinkExpiryAllowed(after(90 * DAY_MS + 1), t0)).toBe(false);
  expect(isPaymentLinkExpiryAllowed(t0, t0)).toBe(false);
  expect(isPaymentLinkExpiryAllowed('soon', t0)).toBe(false);
});

test('isPaymentLinkExpired holds only for an active link at or past expires_at', () => {
  expect(isPaymentLinkExpired(link('active'), expiresAt)).toBe(true);
  expect(isPaymentLinkExpired(link('active'), beforeExpiry)).toBe(false);
  expect(isPaymentLinkExpired(link('cancelled'), expiresAt)).toBe(false);
});

test('random event sequences follow the table, never reactivate a link and refuse cancels correctly', () => {
  checkRandomWalks({
    transition: paymentLinkTransition,
    initial: fc.record({
      status: fc.constantFrom(...PaymentLinkStatus.options),
      expires_at: fc.nat({ max: 30 * DAY_MS }).map(after),
    }),
    event: fc.oneof(
      fc.option(fc.string()).map(
        (reason) =>
          (now: string): PaymentLinkEvent =>
            reason === null ? { type: 'cancel', now } : { type: 'cancel', now, reason },
      ),
      fc.constant((now: string): PaymentLinkEvent => ({ type: 'payment_succeeded', now })),
      fc.constant((now: string): PaymentLinkEvent => ({ type: 'expire', now })),
    ),
    table: paymentLinkMoves,
    statuses: PaymentLinkStatus.options,
    refusals: ['conflict', 'invalid_state'],
    maxAdvanceMs: 3 * DAY_MS,
    invariant: (before, _event, next, effects) => {
      expect(before.status).toBe('active');
      expect(next.status).not.toBe('active');
      const events = emitted(effects);
      if (next.status === 'paid')
        expect(events.indexOf('payment_link.paid')).toBeLessThan(events.indexOf('order.created'));
    },
  });
});
