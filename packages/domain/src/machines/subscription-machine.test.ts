import fc from 'fast-check';
import { expect, test } from 'vitest';
import { SubscriptionInterval, SubscriptionStatus } from '../schemas/statuses.ts';
import { DAY_MS } from './machine.ts';
import {
  addInterval,
  type SubscriptionEvent,
  type SubscriptionState,
  startSubscription,
  subscriptionMoves,
  subscriptionTransition,
  subscriptionTrialEndingAt,
} from './subscription-machine.ts';
import { after, checkRandomWalks, emitted, illegalPairs, t0 } from './test-support/machine-laws.ts';

const iso = (value: string) => new Date(value);

function started(trial_period_days = 0): SubscriptionState {
  const result = startSubscription({ now: t0, interval: 'monthly', trial_period_days });
  if (!result.ok) throw new Error(result.message);
  return result.state;
}

test.each([
  ['2025-01-31T10:00:00.000Z', 'monthly', 1, '2025-02-28T10:00:00.000Z'],
  ['2024-01-31T10:00:00.000Z', 'monthly', 1, '2024-02-29T10:00:00.000Z'],
  ['2025-01-31T00:00:00.000Z', 'monthly', 3, '2025-04-30T00:00:00.000Z'],
  ['2025-12-31T23:59:59.999Z', 'monthly', 2, '2026-02-28T23:59:59.999Z'],
  ['2024-02-29T00:00:00.000Z', 'yearly', 1, '2025-02-28T00:00:00.000Z'],
  ['2024-02-29T00:00:00.000Z', 'yearly', 4, '2028-02-29T00:00:00.000Z'],
  ['2025-03-30T12:00:00.000Z', 'weekly', 2, '2025-04-13T12:00:00.000Z'],
  ['2025-02-28T12:00:00.000Z', 'daily', 1, '2025-03-01T12:00:00.000Z'],
] as const)(
  'addInterval(%s, %s, %i) is %s in UTC, clamped to the month end',
  (from, interval, count, expected) => {
    expect(addInterval(iso(from), interval, count).toISOString()).toBe(expected);
  },
);

test('addInterval of an invalid date is an invalid date, not a throw', () => {
  expect(Number.isNaN(addInterval(new Date(Number.NaN), 'monthly', 1).getTime())).toBe(true);
});

test('addInterval by months lands in the right month and keeps the day unless the month is shorter', () => {
  fc.assert(
    fc.property(
      fc.date({ min: iso('1970-01-01T00:00:00Z'), max: iso('2200-01-01T00:00:00Z'), noInvalidDate: true }),
      fc.integer({ min: 0, max: 600 }),
      (date, months) => {
        const result = addInterval(date, 'monthly', months);
        const monthIndex = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
        expect(result.getUTCFullYear() * 12 + result.getUTCMonth()).toBe(monthIndex);
        expect(result.getUTCDate()).toBeLessThanOrEqual(date.getUTCDate());
        if (date.getUTCDate() <= 28) expect(result.getUTCDate()).toBe(date.getUTCDate());
        expect(result.getTime() % DAY_MS).toBe(date.getTime() % DAY_MS);
      },
    ),
  );
});

test.each(subscriptionMoves)(
  'a $from subscription moves to $to on $on once its period has ended',
  ({ from, on, to }) => {
    const state: SubscriptionState = {
      ...started(),
      status: from,
      // `end` ends a subscription cancelled at period end; the fourth decline cancels.
      cancel_at_period_end: on === 'end',
      failed_charges: on === 'charge_failed' && to === 'cancelled' ? 3 : 0,
    };
    const now = state.current_period_end;
    const event: SubscriptionEvent =
      on === 'cancel' ? { type: on, now, at_period_end: to !== 'cancelled' } : { type: on, now };
    const result = subscriptionTransition(state, event);
    expect(result).toMatchObject({ ok: true, state: { status: to } });
  },
);

test.each(
  illegalPairs(subscriptionMoves, SubscriptionStatus.options, [
    'charge_succeeded',
    'charge_failed',
    'cancel',
    'end',
  ]),
)('a $from subscription refuses $on with conflict', ({ from, on }) => {
  const state = { ...started(), status: from };
  const result = subscriptionTransition(state, { type: on, now: state.current_period_end });
  expect(result).toMatchObject({ ok: false, code: 'conflict' });
  if (!result.ok) expect(result.message).toContain(from);
});

test('a charge before the current period ends is refused with conflict', () => {
  const state = started(14);
  for (const type of ['charge_succeeded', 'charge_failed'] as const) {
    expect(subscriptionTransition(state, { type, now: after(13 * DAY_MS) })).toMatchObject({
      ok: false,
      code: 'conflict',
    });
  }
});

test('a trial delays billing: trialing until trial_end, where the first period is anchored', () => {
  expect(started(14)).toEqual({
    status: 'trialing',
    interval: 'monthly',
    interval_count: 1,
    trial_end: '2025-02-14T00:00:00.000Z',
    billing_cycle_anchor: '2025-02-14T00:00:00.000Z',
    periods_billed: 0,
    current_period_start: t0,
    current_period_end: '2025-02-14T00:00:00.000Z',
    cancel_at_period_end: false,
    failed_charges: 0,
    first_failed_at: null,
    next_retry_at: null,
  });
});

test('without a trial the creating payment paid the first period and payment_succeeded is emitted', () => {
  const result = startSubscription({ now: t0, interval: 'weekly', interval_count: 2 });
  expect(result).toMatchObject({
    ok: true,
    state: {
      status: 'active',
      periods_billed: 1,
      current_period_end: '2025-02-14T00:00:00.000Z',
      trial_end: null,
    },
    effects: [{ kind: 'emit', event: 'subscription.payment_succeeded' }],
  });
});

test.each([
  [{ interval_count: 0 }, 'interval_count'],
  [{ interval_count: 1.5 }, 'interval_count'],
  [{ trial_period_days: -1 }, 'trial_period_days'],
] as const)('starting with %o is invalid_request on %s', (params, param) => {
  expect(startSubscription({ now: t0, interval: 'monthly', ...params })).toMatchObject({
    ok: false,
    code: 'invalid_request',
    param,
  });
});

test('ending a trial charges the first period, then emits payment_succeeded before the order events', () => {
  const trialing = started(14);
  const result = subscriptionTransition(trialing, {
    type: 'charge_succeeded',
    now: trialing.current_period_end,
  });
  expect(result).toEqual({
    ok: true,
    state: {
      ...trialing,
      status: 'active',
      periods_billed: 1,
      current_period_start: '2025-02-14T00:00:00.000Z',
      current_period_end: '2025-03-14T00:00:00.000Z',
    },
    effects: [
      { kind: 'emit', event: 'subscription.payment_succeeded' },
      { kind: 'create_order' },
      { kind: 'emit', event: 'order.created' },
      { kind: 'emit', event: 'order.completed' },
    ],
  });
});

test('monthly renewals anchored on the 31st do not drift after a short month', () => {
  let state = started();
  const ends = [state.current_period_end];
  for (let i = 0; i < 3; i += 1) {
    const result = subscriptionTransition(state, { type: 'charge_succeeded', now: state.current_period_end });
    if (!result.ok) throw new Error(result.message);
    state = result.state;
    ends.push(state.current_period_end);
  }
  expect(ends.map((end) => end.slice(0, 10))).toEqual([
    '2025-02-28',
    '2025-03-31',
    '2025-04-30',
    '2025-05-31',
  ]);
});

test('a declined renewal is past_due, retried 1 and 3 days later, and a successful retry renews as if on time', () => {
  const active = started();
  const failed = subscriptionTransition(active, { type: 'charge_failed', now: active.current_period_end });
  expect(failed).toEqual({
    ok: true,
    state: {
      ...active,
      status: 'past_due',
      failed_charges: 1,
      first_failed_at: active.current_period_end,
      next_retry_at: '2025-03-01T00:00:00.000Z',
    },
    effects: [{ kind: 'emit', event: 'subscription.payment_failed' }],
  });
  if (!failed.ok) return;
  expect(
    subscriptionTransition(failed.state, { type: 'charge_succeeded', now: after(28 * DAY_MS) }),
  ).toMatchObject({ ok: false, code: 'conflict' });
  const again = subscriptionTransition(failed.state, {
    type: 'charge_failed',
    now: '2025-03-01T00:00:00.000Z',
  });
  expect(again).toMatchObject({
    ok: true,
    state: { status: 'past_due', next_retry_at: '2025-03-03T00:00:00.000Z' },
  });
  if (!again.ok) return;
  const retried = subscriptionTransition(again.state, {
    type: 'charge_succeeded',
    now: '2025-03-03T00:00:00.000Z',
  });
  expect(retried).toMatchObject({
    ok: true,
    state: {
      status: 'active',
      current_period_start: active.current_period_end,
      current_period_end: '2025-03-31T00:00:00.000Z',
      failed_charges: 0,
      next_retry_at: null,
    },
  });
});

test('the fourth decline, 5 days after the first, cancels the subscription', () => {
  let state = started();
  const first = state.current_period_end;
  const times = [first, '2025-03-01T00:00:00.000Z', '2025-03-03T00:00:00.000Z', '2025-03-05T00:00:00.000Z'];
  let last: ReturnType<typeof subscriptionTransition> | undefined;
  for (const now of times) {
    last = subscriptionTransition(state, { type: 'charge_failed', now });
    if (!last.ok) throw new Error(last.message);
    state = last.state;
  }
  expect(last).toMatchObject({
    ok: true,
    state: { status: 'cancelled', failed_charges: 4, next_retry_at: null },
    effects: [
      { kind: 'emit', event: 'subscription.payment_failed' },
      { kind: 'set_timestamp', field: 'cancelled_at', at: '2025-03-05T00:00:00.000Z' },
      { kind: 'set_timestamp', field: 'ended_at', at: '2025-03-05T00:00:00.000Z' },
      { kind: 'emit', event: 'subscription.cancelled' },
    ],
  });
});

test('cancelling at period end keeps the status, takes no charge, and ends the subscription when the period ends', () => {
  const active = started();
  const scheduled = subscriptionTransition(active, {
    type: 'cancel',
    now: after(DAY_MS),
    at_period_end: true,
  });
  expect(scheduled).toEqual({
    ok: true,
    state: { ...active, cancel_at_period_end: true },
    effects: [
      { kind: 'set_timestamp', field: 'cancelled_at', at: after(DAY_MS) },
      { kind: 'emit', event: 'subscription.updated' },
    ],
  });
  if (!scheduled.ok) return;
  const now = active.current_period_end;
  expect(subscriptionTransition(scheduled.state, { type: 'charge_succeeded', now })).toMatchObject({
    ok: false,
  });
  expect(subscriptionTransition(scheduled.state, { type: 'end', now: after(2 * DAY_MS) })).toMatchObject({
    ok: false,
    code: 'conflict',
  });
  expect(subscriptionTransition(scheduled.state, { type: 'end', now })).toEqual({
    ok: true,
    state: { ...scheduled.state, status: 'cancelled' },
    effects: [
      { kind: 'set_timestamp', field: 'ended_at', at: now },
      { kind: 'emit', event: 'subscription.cancelled' },
    ],
  });
});

test('cancelling sets cancelled_at and the subscription takes no charge afterwards', () => {
  const cancelled = subscriptionTransition(started(), { type: 'cancel', now: after(DAY_MS) });
  expect(cancelled).toMatchObject({
    ok: true,
    effects: [
      { kind: 'set_timestamp', field: 'cancelled_at', at: after(DAY_MS) },
      { kind: 'set_timestamp', field: 'ended_at', at: after(DAY_MS) },
      { kind: 'emit', event: 'subscription.cancelled' },
    ],
  });
  if (!cancelled.ok) return;
  expect(
    subscriptionTransition(cancelled.state, { type: 'charge_succeeded', now: after(90 * DAY_MS) }),
  ).toMatchObject({
    ok: false,
    code: 'conflict',
  });
});

test('subscription.trial_ending is due 3 days before the trial ends, or at once for a shorter trial', () => {
  expect(subscriptionTrialEndingAt(started(14))).toBe('2025-02-11T00:00:00.000Z');
  expect(subscriptionTrialEndingAt(started(2))).toBe(t0);
  expect(subscriptionTrialEndingAt(started())).toBeUndefined();
});

test('random event sequences keep periods contiguous and anchored, and a cancelled subscription stays cancelled', () => {
  checkRandomWalks({
    transition: subscriptionTransition,
    initial: fc
      .record({
        interval: fc.constantFrom(...SubscriptionInterval.options),
        interval_count: fc.integer({ min: 1, max: 3 }),
        trial_period_days: fc.nat({ max: 20 }),
        status: fc.option(fc.constantFrom(...SubscriptionStatus.options)),
      })
      .map(({ status, ...params }) => {
        const result = startSubscription({ now: t0, ...params });
        if (!result.ok) throw new Error(result.message);
        return status === null ? result.state : { ...result.state, status };
      }),
    event: fc.constantFrom('charge_succeeded', 'charge_failed', 'cancel', 'cancel_at_period_end', 'end').map(
      (type) =>
        (now: string): SubscriptionEvent =>
          type === 'cancel_at_period_end' ? { type: 'cancel', now, at_period_end: true } : { type, now },
    ),
    table: subscriptionMoves,
    statuses: SubscriptionStatus.options,
    refusals: ['conflict'],
    maxAdvanceMs: 40 * DAY_MS,
    invariant: (before, event, next, effects) => {
      expect(before.status).not.toBe('cancelled');
      expect(Date.parse(next.current_period_start)).toBeLessThan(Date.parse(next.current_period_end));
      expect(next.periods_billed).toBeGreaterThanOrEqual(before.periods_billed);
      if (next.periods_billed > 0) {
        const end = addInterval(
          iso(next.billing_cycle_anchor),
          next.interval,
          next.interval_count * next.periods_billed,
        );
        expect(next.current_period_end).toBe(end.toISOString());
      }
      const charged = event.type === 'charge_succeeded';
      if (charged) {
        expect(emitted(effects)).toEqual([
          'subscription.payment_succeeded',
          'order.created',
          'order.completed',
        ]);
        expect(next.current_period_start).toBe(before.current_period_end);
      }
      // A subscription cancelled at period end is never charged again, and only it ends by itself.
      if (before.cancel_at_period_end)
        expect(['charge_succeeded', 'charge_failed']).not.toContain(event.type);
      if (event.type === 'end') expect(before.cancel_at_period_end).toBe(true);
      expect(next.failed_charges).toBeLessThanOrEqual(4);
      expect(next.status === 'past_due').toBe(
        next.next_retry_at !== null ||
          (before.status === 'past_due' && next.status === 'past_due' && next.failed_charges === 0),
      );
      if (next.status === 'cancelled') expect(emitted(effects)).toContain('subscription.cancelled');
    },
  });
});
