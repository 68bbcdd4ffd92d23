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
    const state = { ...started(), status: from };
    const result = subscriptionTransition(state, { type: on, now: state.current_period_end });
    expect(result).toMatchObject({ ok: true, state: { status: to } });
  },
);

test.each(
  illegalPairs(subscriptionMoves, SubscriptionStatus.options, [
    'charge_succeeded',
    'charge_failed',
    'cancel',
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

test('a failed charge makes the subscription past_due and a successful retry renews it', () => {
  const active = started();
  const failed = subscriptionTransition(active, { type: 'charge_failed', now: active.current_period_end });
  expect(failed).toEqual({ ok: true, state: { ...active, status: 'past_due' }, effects: [] });
  if (!failed.ok) return;
  const retried = subscriptionTransition(failed.state, { type: 'charge_succeeded', now: after(31 * DAY_MS) });
  expect(retried).toMatchObject({
    ok: true,
    state: { status: 'active', current_period_start: active.current_period_end },
  });
});

test('cancelling sets cancelled_at and the subscription takes no charge afterwards', () => {
  const cancelled = subscriptionTransition(started(), { type: 'cancel', now: after(DAY_MS) });
  expect(cancelled).toMatchObject({
    ok: true,
    effects: [{ kind: 'set_timestamp', field: 'cancelled_at', at: after(DAY_MS) }],
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
    event: fc.constantFrom('charge_succeeded', 'charge_failed', 'cancel').map(
      (type) =>
        (now: string): SubscriptionEvent => ({ type, now }),
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
      expect(emitted(effects)).toEqual(
        charged ? ['subscription.payment_succeeded', 'order.created', 'order.completed'] : [],
      );
      if (charged) expect(next.current_period_start).toBe(before.current_period_end);
    },
  });
});
