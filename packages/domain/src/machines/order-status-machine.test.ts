import fc from 'fast-check';
import { expect, test } from 'vitest';
import { OrderStatus } from '../schemas/statuses.ts';
import { HOUR_MS } from './machine.ts';
import {
  createOrderStatus,
  ORDER_STATUS_DEFAULT_REASONS,
  type OrderStatusEvent,
  orderStatusMoves,
  orderStatusTransition,
} from './order-status-machine.ts';
import { after, checkRandomWalks, emitted, illegalPairs, t0 } from './test-support/machine-laws.ts';

const eventTypes = ['start_processing', 'capture', 'fail', 'cancel'] as const;
const now = after(HOUR_MS);

test.each(orderStatusMoves)(
  'a $from order moves to $to on $on, with a status_history entry for $to',
  ({ from, on, to }) => {
    const result = orderStatusTransition({ status: from }, { type: on, now });
    expect(result).toMatchObject({ ok: true, state: { status: to } });
    expect(result.ok && result.effects).toContainEqual({
      kind: 'add_status_history',
      entry: { status: to, timestamp: now, reason: ORDER_STATUS_DEFAULT_REASONS[on] },
    });
  },
);

test.each(illegalPairs(orderStatusMoves, OrderStatus.options, eventTypes))(
  'a $from order refuses $on with conflict',
  ({ from, on }) => {
    const result = orderStatusTransition({ status: from }, { type: on, now });
    expect(result).toMatchObject({ ok: false, code: 'conflict' });
    if (!result.ok) expect(result.message).toContain(from);
  },
);

test('a new order is pending with its first status_history entry', () => {
  expect(createOrderStatus(t0)).toEqual({
    ok: true,
    state: { status: 'pending' },
    effects: [
      { kind: 'add_status_history', entry: { status: 'pending', timestamp: t0, reason: 'Order created' } },
    ],
  });
});

test('capturing a processing order sets completed_at and records the given reason', () => {
  const result = orderStatusTransition(
    { status: 'processing' },
    { type: 'capture', now, reason: 'Card captured' },
  );
  expect(result).toEqual({
    ok: true,
    state: { status: 'completed' },
    effects: [
      { kind: 'set_timestamp', field: 'completed_at', at: now },
      { kind: 'add_status_history', entry: { status: 'completed', timestamp: now, reason: 'Card captured' } },
    ],
  });
});

test('failing or cancelling an order emits order.failed after its history entry', () => {
  for (const type of ['fail', 'cancel'] as const) {
    const result = orderStatusTransition({ status: 'pending' }, { type, now });
    expect(result.ok && result.effects.map((e) => e.kind)).toEqual(['add_status_history', 'emit']);
    expect(result.ok && emitted(result.effects)).toEqual(['order.failed']);
  }
});

test('the D18 step pending, processing, completed leaves three status_history entries in order', () => {
  const created = createOrderStatus(t0);
  const processing = orderStatusTransition(created.state, { type: 'start_processing', now: t0 });
  if (!processing.ok) throw new Error(processing.message);
  const completed = orderStatusTransition(processing.state, { type: 'capture', now: t0 });
  if (!completed.ok) throw new Error(completed.message);
  const history = [...created.effects, ...processing.effects, ...completed.effects].flatMap((e) =>
    e.kind === 'add_status_history' ? [e.entry.status] : [],
  );
  expect(history).toEqual(['pending', 'processing', 'completed']);
});

test('a malformed now is refused with invalid_request, not thrown', () => {
  expect(orderStatusTransition({ status: 'pending' }, { type: 'fail', now: '2025-13-99' })).toMatchObject({
    ok: false,
    code: 'invalid_request',
  });
});

test('random event sequences follow the table, never leave a terminal status and log every move', () => {
  checkRandomWalks({
    transition: orderStatusTransition,
    initial: fc.constantFrom(...OrderStatus.options).map((status) => ({ status })),
    event: fc.tuple(fc.constantFrom(...eventTypes), fc.option(fc.string())).map(
      ([type, reason]) =>
        (at: string): OrderStatusEvent =>
          reason === null ? { type, now: at } : { type, now: at, reason },
    ),
    table: orderStatusMoves,
    statuses: OrderStatus.options,
    refusals: ['conflict'],
    maxAdvanceMs: HOUR_MS,
    invariant: (before, event, next, effects) => {
      expect(['pending', 'processing']).toContain(before.status);
      expect(effects).toContainEqual({
        kind: 'add_status_history',
        entry: {
          status: next.status,
          timestamp: event.now,
          reason: event.reason ?? ORDER_STATUS_DEFAULT_REASONS[event.type],
        },
      });
    },
  });
});
