import fc from 'fast-check';
import { expect, test } from 'vitest';
import { CheckoutSessionStatus } from '../schemas/statuses.ts';
import {
  CHECKOUT_SESSION_LIFETIME_MS,
  type CheckoutSessionEvent,
  type CheckoutSessionState,
  checkoutSessionExpiresAt,
  checkoutSessionMoves,
  checkoutSessionTransition,
  isCheckoutExpired,
} from './checkout-session-machine.ts';
import { HOUR_MS } from './machine.ts';
import { after, checkRandomWalks, emitted, illegalPairs, t0 } from './test-support/machine-laws.ts';

const expiresAt = after(CHECKOUT_SESSION_LIFETIME_MS);
const beforeExpiry = after(CHECKOUT_SESSION_LIFETIME_MS - 1);

function session(status: CheckoutSessionStatus): CheckoutSessionState {
  return { status, expires_at: expiresAt };
}

function eventOf(type: CheckoutSessionEvent['type'], now: string): CheckoutSessionEvent {
  return type === 'payment_declined' ? { type, now, retryable: true } : { type, now };
}

test.each(checkoutSessionMoves)('an $from session moves to $to on $on', ({ from, on, to }) => {
  const now = on === 'expire' ? expiresAt : beforeExpiry;
  const result = checkoutSessionTransition(session(from), eventOf(on, now));
  expect(result).toMatchObject({ ok: true, state: { status: to } });
});

test.each(
  illegalPairs(checkoutSessionMoves, CheckoutSessionStatus.options, [
    'payment_succeeded',
    'payment_declined',
    'expire',
  ]),
)('a $from session refuses $on with conflict', ({ from, on }) => {
  for (const now of [beforeExpiry, expiresAt]) {
    const result = checkoutSessionTransition(session(from), eventOf(on, now));
    expect(result).toMatchObject({ ok: false, code: 'conflict' });
    if (!result.ok) expect(result.message).toContain(from);
  }
});

test('a successful payment creates the order, then emits order.created and order.completed', () => {
  const result = checkoutSessionTransition(session('open'), { type: 'payment_succeeded', now: beforeExpiry });
  expect(result).toEqual({
    ok: true,
    state: { status: 'paid', expires_at: expiresAt },
    effects: [
      { kind: 'set_timestamp', field: 'paid_at', at: beforeExpiry },
      { kind: 'create_order' },
      { kind: 'emit', event: 'order.created' },
      { kind: 'emit', event: 'order.completed' },
    ],
  });
});

test('a retryable decline keeps the session open and emits only payment.failed with retryable true', () => {
  const result = checkoutSessionTransition(session('open'), {
    type: 'payment_declined',
    now: beforeExpiry,
    retryable: true,
  });
  expect(result).toEqual({
    ok: true,
    state: session('open'),
    effects: [{ kind: 'emit', event: 'payment.failed', data: { retryable: true } }],
  });
});

test('a hard decline keeps the session open and emits payment.failed then checkout.failed', () => {
  const result = checkoutSessionTransition(session('open'), {
    type: 'payment_declined',
    now: beforeExpiry,
    retryable: false,
  });
  expect(result).toEqual({
    ok: true,
    state: session('open'),
    effects: [
      { kind: 'emit', event: 'payment.failed', data: { retryable: false } },
      { kind: 'emit', event: 'checkout.failed' },
    ],
  });
});

test('an open session expires at exactly 24 hours, with expired_at and checkout.expired', () => {
  const result = checkoutSessionTransition(session('open'), { type: 'expire', now: expiresAt });
  expect(result).toEqual({
    ok: true,
    state: session('expired'),
    effects: [
      { kind: 'set_timestamp', field: 'expired_at', at: expiresAt },
      { kind: 'emit', event: 'checkout.expired' },
    ],
  });
});

test('expiring an open session before its expires_at is refused with conflict', () => {
  const result = checkoutSessionTransition(session('open'), { type: 'expire', now: beforeExpiry });
  expect(result).toMatchObject({ ok: false, code: 'conflict' });
});

test('a session past its expires_at takes no payment and no payment attempt until it is expired', () => {
  const late = after(CHECKOUT_SESSION_LIFETIME_MS + HOUR_MS);
  for (const event of [eventOf('payment_succeeded', late), eventOf('payment_declined', late)]) {
    expect(checkoutSessionTransition(session('open'), event)).toMatchObject({ ok: false, code: 'conflict' });
  }
});

test('a malformed now is refused with invalid_request naming now, not thrown', () => {
  const result = checkoutSessionTransition(session('open'), { type: 'expire', now: 'tomorrow' });
  expect(result).toMatchObject({ ok: false, code: 'invalid_request', param: 'now' });
});

test('a session expires 24 hours after it is created', () => {
  expect(checkoutSessionExpiresAt(t0)).toBe('2025-02-01T00:00:00.000Z');
  expect(checkoutSessionExpiresAt('not a time')).toBeUndefined();
});

test('isCheckoutExpired is true from expires_at on, and only for an open session', () => {
  expect(isCheckoutExpired(session('open'), beforeExpiry)).toBe(false);
  expect(isCheckoutExpired(session('open'), expiresAt)).toBe(true);
  expect(isCheckoutExpired(session('paid'), expiresAt)).toBe(false);
});

test('random event sequences stay in the vocabulary, follow the table and never reopen a paid session', () => {
  checkRandomWalks({
    transition: checkoutSessionTransition,
    initial: fc.record({
      status: fc.constantFrom(...CheckoutSessionStatus.options),
      expires_at: fc.nat({ max: 2 * CHECKOUT_SESSION_LIFETIME_MS }).map(after),
    }),
    event: fc.oneof(
      fc.constant((now: string): CheckoutSessionEvent => ({ type: 'payment_succeeded', now })),
      fc.boolean().map(
        (retryable) =>
          (now: string): CheckoutSessionEvent => ({ type: 'payment_declined', now, retryable }),
      ),
      fc.constant((now: string): CheckoutSessionEvent => ({ type: 'expire', now })),
    ),
    table: checkoutSessionMoves,
    statuses: CheckoutSessionStatus.options,
    refusals: ['conflict'],
    maxAdvanceMs: 6 * HOUR_MS,
    invariant: (before, event, next, effects) => {
      expect(before.status === 'open' || next.status === before.status).toBe(true);
      expect(next.expires_at).toBe(before.expires_at);
      if (next.status === 'paid') expect(Date.parse(event.now)).toBeLessThan(Date.parse(next.expires_at));
      if (next.status === 'expired')
        expect(Date.parse(event.now)).toBeGreaterThanOrEqual(Date.parse(next.expires_at));
      expect(emitted(effects).includes('order.created')).toBe(
        before.status === 'open' && next.status === 'paid',
      );
    },
  });
});
