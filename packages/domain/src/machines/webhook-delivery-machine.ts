import type { WebhookDeliveryStatus } from '../schemas/statuses.ts';
import {
  canMove,
  conflict,
  forbidden,
  HOUR_MS,
  type Instant,
  instantMs,
  invalidInstant,
  isAtOrAfter,
  type Move,
  moved,
  type SetTimestampEffect,
  shiftInstant,
  type Transition,
  unknownEvent,
} from './machine.ts';

/**
 * When each attempt of a delivery is made, in milliseconds after the previous attempt: the first
 * at once, then 30 s, 2 min, 10 min, 1 h and 6 h later. Its length is the number of attempts.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS = [0, 30_000, 2 * 60_000, 10 * 60_000, HOUR_MS, 6 * HOUR_MS] as const;

/** How many attempts a delivery gets before it is `failed`: six. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_MS.length;

/** What the webhook delivery machine needs to know about one delivery of one event to one endpoint. */
export interface WebhookDeliveryState {
  /** The delivery's status. */
  readonly status: WebhookDeliveryStatus;
  /** Attempts made since the delivery (or its last resend) began, at most {@link WEBHOOK_MAX_ATTEMPTS}. */
  readonly attempts: number;
  /** When the next attempt is due while `pending`; `null` once delivered or failed. */
  readonly next_attempt_at: Instant | null;
}

/**
 * What can happen to a delivery. An attempt reports the endpoint's HTTP status, or `null` when
 * there was none in time (network error, timeout); only a 200 counts as delivered.
 */
export type WebhookDeliveryEvent =
  | { readonly type: 'attempt'; readonly now: Instant; readonly response_status: number | null }
  | { readonly type: 'resend'; readonly now: Instant };

/** The effects of a delivery move: a delivery sets `delivered_at`. */
export type WebhookDeliveryEffect = SetTimestampEffect<'delivered_at'>;

/** The result of {@link webhookDeliveryTransition}. */
export type WebhookDeliveryTransition = Transition<WebhookDeliveryState, WebhookDeliveryEffect>;

/**
 * Every legal move of a delivery. A delivery that is not `pending` can be resent: a `failed` one
 * after its attempts ran out, a `delivered` one when the merchant replays an event on purpose.
 */
export const webhookDeliveryMoves = [
  { from: 'pending', on: 'attempt', to: 'delivered' },
  { from: 'pending', on: 'attempt', to: 'pending' },
  { from: 'pending', on: 'attempt', to: 'failed' },
  { from: 'failed', on: 'resend', to: 'pending' },
  { from: 'delivered', on: 'resend', to: 'pending' },
] as const satisfies readonly Move<WebhookDeliveryStatus, WebhookDeliveryEvent['type']>[];

/** A new delivery of an event created at `now`: pending, with its first attempt due at once. */
export function startWebhookDelivery(now: Instant): WebhookDeliveryState {
  return { status: 'pending', attempts: 0, next_attempt_at: now };
}

/**
 * Moves a delivery. A due attempt answered 200 delivers it; any other answer schedules the next attempt
 * by {@link WEBHOOK_RETRY_SCHEDULE_MS} from `now`, and the sixth failure makes it `failed`. Resending a
 * failed or delivered delivery starts the schedule again with an attempt due at once; a pending one is
 * refused, since its next attempt is already on the way.
 */
export function webhookDeliveryTransition(
  state: WebhookDeliveryState,
  event: WebhookDeliveryEvent,
): WebhookDeliveryTransition {
  if (!canMove(webhookDeliveryMoves, state.status, event.type)) {
    return forbidden('webhook delivery', state.status, event.type);
  }
  if (instantMs(event.now) === undefined) return invalidInstant('now');
  switch (event.type) {
    case 'attempt': {
      if (state.next_attempt_at === null || !isAtOrAfter(event.now, state.next_attempt_at)) {
        return conflict('A pending webhook delivery is not due for an attempt before its next_attempt_at.');
      }
      const attempts = state.attempts + 1;
      if (event.response_status === 200) {
        return moved({ status: 'delivered', attempts, next_attempt_at: null }, [
          { kind: 'set_timestamp', field: 'delivered_at', at: event.now },
        ]);
      }
      const delay = WEBHOOK_RETRY_SCHEDULE_MS[attempts];
      if (delay === undefined) return moved({ status: 'failed', attempts, next_attempt_at: null });
      const next = shiftInstant(event.now, delay);
      if (next === undefined) return invalidInstant('now');
      return moved({ status: 'pending', attempts, next_attempt_at: next });
    }
    case 'resend':
      return moved(startWebhookDelivery(event.now));
    default:
      return unknownEvent(event);
  }
}
