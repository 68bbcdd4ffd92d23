import { err } from '../result.ts';
import type { SubscriptionInterval, SubscriptionStatus } from '../schemas/statuses.ts';
import {
  canMove,
  conflict,
  DAY_MS,
  type EmitEffect,
  forbidden,
  type Instant,
  instantMs,
  invalidInstant,
  isAtOrAfter,
  type Move,
  moved,
  msInstant,
  type OrderCreationEffect,
  orderCreationEffects,
  type SetTimestampEffect,
  shiftInstant,
  type Transition,
  unknownEvent,
} from './machine.ts';

/** How long before a trial ends `subscription.trial_ending` is due: 3 days. */
const SUBSCRIPTION_TRIAL_ENDING_NOTICE_MS = 3 * DAY_MS;

/**
 * When a declined renewal is retried, in milliseconds after the first declined renewal: 1, 3 and 5
 * days. The decline after the last retry (the fourth) cancels the subscription.
 */
const SUBSCRIPTION_RETRY_SCHEDULE_MS = [DAY_MS, 3 * DAY_MS, 5 * DAY_MS] as const;

/**
 * What the subscription machine needs to know about a subscription. Periods are counted from
 * `billing_cycle_anchor` (where billing starts: the end of the trial, or the first payment) so that
 * month-end clamping never drifts: a subscription anchored on Jan 31 renews Feb 28, then Mar 31.
 */
export interface SubscriptionState {
  /** The subscription's status. */
  readonly status: SubscriptionStatus;
  /** The billing interval. */
  readonly interval: SubscriptionInterval;
  /** How many intervals one period lasts, at least 1. */
  readonly interval_count: number;
  /** When the trial ends, or `null` without a trial. */
  readonly trial_end: Instant | null;
  /** Where charged periods are counted from. */
  readonly billing_cycle_anchor: Instant;
  /** How many periods have been charged so far (0 while trialing). */
  readonly periods_billed: number;
  /** Start of the current period (the trial counts as a period). */
  readonly current_period_start: Instant;
  /** End of the current period: the next charge is due then. */
  readonly current_period_end: Instant;
  /** True once cancelled at period end: it ends, uncharged, when the next charge falls due. */
  readonly cancel_at_period_end: boolean;
  /** Declined charges since the last successful one. */
  readonly failed_charges: number;
  /** When the first of those declines happened; retries are counted from it. */
  readonly first_failed_at: Instant | null;
  /** When the next retry of a declined renewal is due while `past_due`, else `null`. */
  readonly next_retry_at: Instant | null;
}

/**
 * What can happen to a subscription. A charge (or `end`, for one cancelled at period end) is only
 * taken once it is due ({@link subscriptionDueAt}); a cancel happens at any time, at once or, with
 * `at_period_end`, when the current period ends.
 */
export type SubscriptionEvent =
  | { readonly type: 'charge_succeeded'; readonly now: Instant }
  | { readonly type: 'charge_failed'; readonly now: Instant }
  | { readonly type: 'cancel'; readonly now: Instant; readonly at_period_end?: boolean }
  | { readonly type: 'end'; readonly now: Instant };

/** The effects of a subscription move, to carry out in order. */
export type SubscriptionEffect =
  | EmitEffect<
      | 'subscription.payment_succeeded'
      | 'subscription.payment_failed'
      | 'subscription.updated'
      | 'subscription.cancelled'
    >
  | OrderCreationEffect
  | SetTimestampEffect<'cancelled_at' | 'ended_at'>;

/** The result of {@link subscriptionTransition} and {@link startSubscription}. */
export type SubscriptionTransition = Transition<SubscriptionState, SubscriptionEffect>;

/**
 * Every legal move of a subscription. The first charge ends a trial; each later one renews the period;
 * a declined charge makes it `past_due` until a retry succeeds, and the fourth decline cancels it. A
 * cancel ends it at once, or (at period end) leaves the status until `end`; `cancelled` is terminal.
 */
export const subscriptionMoves = [
  { from: 'trialing', on: 'charge_succeeded', to: 'active' },
  { from: 'active', on: 'charge_succeeded', to: 'active' },
  { from: 'past_due', on: 'charge_succeeded', to: 'active' },
  { from: 'trialing', on: 'charge_failed', to: 'past_due' },
  { from: 'active', on: 'charge_failed', to: 'past_due' },
  { from: 'past_due', on: 'charge_failed', to: 'past_due' },
  { from: 'past_due', on: 'charge_failed', to: 'cancelled' },
  { from: 'trialing', on: 'cancel', to: 'cancelled' },
  { from: 'active', on: 'cancel', to: 'cancelled' },
  { from: 'past_due', on: 'cancel', to: 'cancelled' },
  { from: 'trialing', on: 'cancel', to: 'trialing' },
  { from: 'active', on: 'cancel', to: 'active' },
  { from: 'past_due', on: 'cancel', to: 'past_due' },
  { from: 'trialing', on: 'end', to: 'cancelled' },
  { from: 'active', on: 'end', to: 'cancelled' },
  { from: 'past_due', on: 'end', to: 'cancelled' },
] as const satisfies readonly Move<SubscriptionStatus, SubscriptionEvent['type']>[];

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

function invalidDate(_interval: never): Date {
  return new Date(Number.NaN);
}

/**
 * `count` billing intervals after `date`, in UTC. Months and years keep the day of the month, clamped
 * to the last day of a shorter month (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year) and keep the
 * time of day. An invalid date gives an invalid date; nothing throws.
 */
export function addInterval(date: Date, interval: SubscriptionInterval, count: number): Date {
  switch (interval) {
    case 'daily':
      return new Date(date.getTime() + count * DAY_MS);
    case 'weekly':
      return new Date(date.getTime() + count * 7 * DAY_MS);
    case 'monthly':
    case 'yearly': {
      const months = interval === 'monthly' ? count : 12 * count;
      const target = date.getUTCMonth() + months;
      const year = date.getUTCFullYear() + Math.floor(target / 12);
      const month = ((target % 12) + 12) % 12;
      const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
      const timeOfDay =
        date.getTime() - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
      return new Date(Date.UTC(year, month, day) + timeOfDay);
    }
    default:
      return invalidDate(interval);
  }
}

/** `count` intervals after an instant, or `undefined` when it is not one. */
function afterIntervals(
  instant: Instant,
  interval: SubscriptionInterval,
  count: number,
): Instant | undefined {
  const ms = instantMs(instant);
  return ms === undefined ? undefined : msInstant(addInterval(new Date(ms), interval, count).getTime());
}

/** What a subscription starts from: the paid checkout or link that created it. */
export interface SubscriptionStart {
  /** When it was created. */
  readonly now: Instant;
  /** The billing interval. */
  readonly interval: SubscriptionInterval;
  /** Intervals per period; default 1. */
  readonly interval_count?: number;
  /** Free trial days; 0 or absent means no trial. */
  readonly trial_period_days?: number;
}

/**
 * A new subscription. With a trial it is `trialing` until `trial_end`, where billing is anchored and the
 * first charge is due. Without one, the payment that created it paid the first period: it is `active`
 * and emits `subscription.payment_succeeded`, which precedes that payment's own order events.
 */
export function startSubscription(start: SubscriptionStart): SubscriptionTransition {
  const count = start.interval_count ?? 1;
  const trialDays = start.trial_period_days ?? 0;
  if (!Number.isSafeInteger(count) || count < 1) {
    return err('invalid_request', 'interval_count must be a positive integer.', 'interval_count');
  }
  if (!Number.isSafeInteger(trialDays) || trialDays < 0) {
    return err('invalid_request', 'trial_period_days must be a non-negative integer.', 'trial_period_days');
  }
  const trialEnd = shiftInstant(start.now, trialDays * DAY_MS);
  if (trialEnd === undefined) return invalidInstant('now');
  const base = {
    interval: start.interval,
    interval_count: count,
    current_period_start: start.now,
    cancel_at_period_end: false,
    failed_charges: 0,
    first_failed_at: null,
    next_retry_at: null,
  };
  if (trialDays > 0) {
    const state: SubscriptionState = {
      ...base,
      status: 'trialing',
      trial_end: trialEnd,
      billing_cycle_anchor: trialEnd,
      periods_billed: 0,
      current_period_end: trialEnd,
    };
    return moved(state);
  }
  const end = afterIntervals(start.now, start.interval, count);
  if (end === undefined) return invalidInstant('now');
  const state: SubscriptionState = {
    ...base,
    status: 'active',
    trial_end: null,
    billing_cycle_anchor: start.now,
    periods_billed: 1,
    current_period_end: end,
  };
  return moved(state, [{ kind: 'emit', event: 'subscription.payment_succeeded' }]);
}

/** When `subscription.trial_ending` is due: 3 days before `trial_end`, or at the start of a shorter trial. */
export function subscriptionTrialEndingAt(state: SubscriptionState): Instant | undefined {
  if (state.status !== 'trialing' || state.trial_end === null) return undefined;
  const notice = shiftInstant(state.trial_end, -SUBSCRIPTION_TRIAL_ENDING_NOTICE_MS);
  if (notice === undefined) return undefined;
  return isAtOrAfter(notice, state.current_period_start) ? notice : state.current_period_start;
}

/**
 * When the subscription's next charge is due: the end of the current period, or the next retry while
 * `past_due`; `undefined` once cancelled. A subscription cancelled at period end ends then instead.
 */
export function subscriptionDueAt(state: SubscriptionState): Instant | undefined {
  if (state.status === 'cancelled') return undefined;
  return state.status === 'past_due'
    ? (state.next_retry_at ?? state.current_period_end)
    : state.current_period_end;
}

const cleared = { failed_charges: 0, first_failed_at: null, next_retry_at: null } as const;

/**
 * Moves a subscription. A successful charge (due once the current period has ended, or at a retry)
 * starts the next period, its dates counted from the anchor as if paid on time, and creates its order:
 * `subscription.payment_succeeded`, then `order.created` and `order.completed`. A declined charge makes
 * it `past_due` with `subscription.payment_failed`, retried 1, 3 and 5 days after the first decline; the
 * fourth decline cancels it. A cancel ends it at once (`subscription.cancelled`), or at period end
 * (`subscription.updated` now, then `end` when the charge falls due).
 */
export function subscriptionTransition(
  state: SubscriptionState,
  event: SubscriptionEvent,
): SubscriptionTransition {
  if (!canMove(subscriptionMoves, state.status, event.type)) {
    return forbidden('subscription', state.status, event.type);
  }
  if (instantMs(event.now) === undefined) return invalidInstant('now');
  const due = subscriptionDueAt(state);
  if (event.type !== 'cancel' && (due === undefined || !isAtOrAfter(event.now, due))) {
    return conflict(`A ${state.status} subscription is not due for a charge before ${due ?? 'never'}.`);
  }
  switch (event.type) {
    case 'charge_succeeded': {
      if (state.cancel_at_period_end)
        return conflict('A subscription cancelled at period end is not charged again.');
      const periods = state.periods_billed + 1;
      const end = afterIntervals(state.billing_cycle_anchor, state.interval, state.interval_count * periods);
      if (end === undefined) return invalidInstant('billing_cycle_anchor');
      const next: SubscriptionState = {
        ...state,
        ...cleared,
        status: 'active',
        periods_billed: periods,
        current_period_start: state.current_period_end,
        current_period_end: end,
      };
      return moved(next, [
        { kind: 'emit', event: 'subscription.payment_succeeded' },
        ...orderCreationEffects,
      ]);
    }
    case 'charge_failed': {
      if (state.cancel_at_period_end)
        return conflict('A subscription cancelled at period end is not charged again.');
      const failures = state.failed_charges + 1;
      const first = state.first_failed_at ?? event.now;
      const delay = SUBSCRIPTION_RETRY_SCHEDULE_MS[failures - 1];
      if (delay === undefined) {
        return moved({ ...state, status: 'cancelled', failed_charges: failures, next_retry_at: null }, [
          { kind: 'emit', event: 'subscription.payment_failed' },
          { kind: 'set_timestamp', field: 'cancelled_at', at: event.now },
          { kind: 'set_timestamp', field: 'ended_at', at: event.now },
          { kind: 'emit', event: 'subscription.cancelled' },
        ]);
      }
      const retry = shiftInstant(first, delay);
      if (retry === undefined) return invalidInstant('now');
      return moved(
        {
          ...state,
          status: 'past_due',
          failed_charges: failures,
          first_failed_at: first,
          next_retry_at: retry,
        },
        [{ kind: 'emit', event: 'subscription.payment_failed' }],
      );
    }
    case 'cancel':
      if (event.at_period_end === true) {
        return moved({ ...state, cancel_at_period_end: true }, [
          { kind: 'set_timestamp', field: 'cancelled_at', at: event.now },
          { kind: 'emit', event: 'subscription.updated' },
        ]);
      }
      return moved({ ...state, status: 'cancelled', next_retry_at: null }, [
        { kind: 'set_timestamp', field: 'cancelled_at', at: event.now },
        { kind: 'set_timestamp', field: 'ended_at', at: event.now },
        { kind: 'emit', event: 'subscription.cancelled' },
      ]);
    case 'end':
      if (!state.cancel_at_period_end)
        return conflict('Only a subscription cancelled at period end ends by itself.');
      return moved({ ...state, status: 'cancelled', next_retry_at: null }, [
        { kind: 'set_timestamp', field: 'ended_at', at: event.now },
        { kind: 'emit', event: 'subscription.cancelled' },
      ]);
    default:
      return unknownEvent(event);
  }
}
