import fc from 'fast-check';
import { expect, test } from 'vitest';
import { WebhookDeliveryStatus } from '../schemas/statuses.ts';
import { after, checkRandomWalks, illegalPairs, t0 } from './test-support/machine-laws.ts';
import {
  startWebhookDelivery,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_SCHEDULE_MS,
  type WebhookDeliveryEvent,
  type WebhookDeliveryState,
  webhookDeliveryMoves,
  webhookDeliveryTransition,
} from './webhook-delivery-machine.ts';

function stateFor(status: WebhookDeliveryStatus, attempts = 0): WebhookDeliveryState {
  return status === 'pending'
    ? { status, attempts, next_attempt_at: t0 }
    : { status, attempts: status === 'failed' ? WEBHOOK_MAX_ATTEMPTS : 1, next_attempt_at: null };
}

function eventFor(type: WebhookDeliveryEvent['type'], to?: WebhookDeliveryStatus): WebhookDeliveryEvent {
  return type === 'resend'
    ? { type, now: t0 }
    : { type, now: t0, response_status: to === 'delivered' ? 200 : 500 };
}

test.each(webhookDeliveryMoves)('a $from delivery moves to $to on $on', ({ from, on, to }) => {
  const attempts = to === 'failed' ? WEBHOOK_MAX_ATTEMPTS - 1 : 0;
  const result = webhookDeliveryTransition(stateFor(from, attempts), eventFor(on, to));
  expect(result).toMatchObject({ ok: true, state: { status: to } });
});

test.each(illegalPairs(webhookDeliveryMoves, WebhookDeliveryStatus.options, ['attempt', 'resend']))(
  'a $from delivery refuses $on with conflict',
  ({ from, on }) => {
    const result = webhookDeliveryTransition(stateFor(from), eventFor(on));
    expect(result).toMatchObject({ ok: false, code: 'conflict' });
    if (!result.ok) expect(result.message).toContain(from);
  },
);

test('the schedule is at once, then 30 s, 2 min, 10 min, 1 h and 6 h: six attempts', () => {
  expect(WEBHOOK_RETRY_SCHEDULE_MS.map((ms) => ms / 1000)).toEqual([0, 30, 120, 600, 3600, 21_600]);
  expect(WEBHOOK_MAX_ATTEMPTS).toBe(6);
});

test('a new delivery is pending with its first attempt due at once', () => {
  expect(startWebhookDelivery(t0)).toEqual({ status: 'pending', attempts: 0, next_attempt_at: t0 });
});

test('a 200 delivers and sets delivered_at; any other answer or none is a failure', () => {
  expect(
    webhookDeliveryTransition(stateFor('pending'), { type: 'attempt', now: t0, response_status: 200 }),
  ).toEqual({
    ok: true,
    state: { status: 'delivered', attempts: 1, next_attempt_at: null },
    effects: [{ kind: 'set_timestamp', field: 'delivered_at', at: t0 }],
  });
  for (const response_status of [201, 204, 301, 404, 500, null]) {
    const result = webhookDeliveryTransition(stateFor('pending'), {
      type: 'attempt',
      now: t0,
      response_status,
    });
    expect(result).toMatchObject({ ok: true, state: { status: 'pending', attempts: 1 } });
  }
});

test('failing every attempt follows the schedule from each attempt and fails after the sixth', () => {
  let state = startWebhookDelivery(t0);
  let clock = 0;
  const waits: number[] = [];
  while (state.status === 'pending') {
    const now = state.next_attempt_at ?? t0;
    waits.push(Date.parse(now) - Date.parse(t0) - clock);
    clock = Date.parse(now) - Date.parse(t0) + 1_000; // the attempt takes a second
    const result = webhookDeliveryTransition(state, {
      type: 'attempt',
      now: after(clock),
      response_status: 503,
    });
    if (!result.ok) throw new Error(result.message);
    state = result.state;
  }
  expect(state).toEqual({ status: 'failed', attempts: 6, next_attempt_at: null });
  expect(waits).toEqual([...WEBHOOK_RETRY_SCHEDULE_MS]);
});

test('an attempt before next_attempt_at is refused with conflict', () => {
  const waiting: WebhookDeliveryState = { status: 'pending', attempts: 1, next_attempt_at: after(30_000) };
  expect(
    webhookDeliveryTransition(waiting, { type: 'attempt', now: after(29_999), response_status: 200 }),
  ).toMatchObject({
    ok: false,
    code: 'conflict',
  });
});

test('resending a failed delivery starts again with an attempt due at once', () => {
  const resent = webhookDeliveryTransition(stateFor('failed'), { type: 'resend', now: after(60_000) });
  expect(resent).toEqual({
    ok: true,
    state: { status: 'pending', attempts: 0, next_attempt_at: after(60_000) },
    effects: [],
  });
});

test('resending a delivered delivery (a replay on purpose) starts again with an attempt due at once', () => {
  const resent = webhookDeliveryTransition(stateFor('delivered', 1), { type: 'resend', now: after(60_000) });
  expect(resent).toEqual({
    ok: true,
    state: { status: 'pending', attempts: 0, next_attempt_at: after(60_000) },
    effects: [],
  });
});

test('a malformed now is refused with invalid_request, not thrown', () => {
  expect(webhookDeliveryTransition(stateFor('failed'), { type: 'resend', now: 'now' })).toMatchObject({
    ok: false,
    code: 'invalid_request',
  });
});

test('random attempts never exceed six, attempt a delivered delivery only after a resend and schedule from now', () => {
  checkRandomWalks({
    transition: webhookDeliveryTransition,
    initial: fc.nat({ max: 60_000 }).map((ms) => startWebhookDelivery(after(ms))),
    event: fc.oneof(
      {
        weight: 4,
        arbitrary: fc.option(fc.constantFrom(200, 500, 404), { freq: 3 }).map(
          (response_status) =>
            (now: string): WebhookDeliveryEvent => ({ type: 'attempt', now, response_status }),
        ),
      },
      { weight: 1, arbitrary: fc.constant((now: string): WebhookDeliveryEvent => ({ type: 'resend', now })) },
    ),
    table: webhookDeliveryMoves,
    statuses: WebhookDeliveryStatus.options,
    refusals: ['conflict'],
    maxAdvanceMs: 2 * 3_600_000,
    invariant: (before, event, next) => {
      if (before.status === 'delivered') expect(event.type).toBe('resend');
      expect(next.attempts).toBeGreaterThanOrEqual(0);
      expect(next.attempts).toBeLessThanOrEqual(WEBHOOK_MAX_ATTEMPTS);
      expect(next.next_attempt_at === null).toBe(next.status !== 'pending');
      expect(next.status === 'failed').toBe(
        next.attempts === WEBHOOK_MAX_ATTEMPTS && next.status !== 'delivered',
      );
      if (event.type === 'attempt' && next.status === 'pending') {
        const delay = WEBHOOK_RETRY_SCHEDULE_MS[next.attempts];
        expect(Date.parse(next.next_attempt_at ?? '')).toBe(Date.parse(event.now) + (delay ?? Number.NaN));
      }
    },
  });
});
