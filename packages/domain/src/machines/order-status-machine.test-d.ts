import { expectTypeOf, test } from 'vitest';
import type { OrderStatus } from '../schemas/statuses.ts';
import {
  createOrderStatus,
  type OrderStatusEffect,
  type OrderStatusEvent,
  type OrderStatusState,
  orderStatusTransition,
} from './order-status-machine.ts';

declare const state: OrderStatusState;
declare const event: OrderStatusEvent;

test('the result narrows on ok to the next status and its effects', () => {
  const result = orderStatusTransition(state, event);
  if (result.ok) {
    expectTypeOf(result.state.status).toEqualTypeOf<OrderStatus>();
    expectTypeOf(result.effects).toEqualTypeOf<readonly OrderStatusEffect[]>();
  } else {
    expectTypeOf(result.code).toEqualTypeOf<'conflict' | 'invalid_request'>();
  }
});

test('creating an order cannot be refused', () => {
  expectTypeOf(createOrderStatus('2025-01-01T00:00:00Z').ok).toEqualTypeOf<true>();
});

test('events are discriminated on type and the only emitted event is order.failed', () => {
  expectTypeOf<OrderStatusEvent['type']>().toEqualTypeOf<
    'start_processing' | 'capture' | 'fail' | 'cancel'
  >();
  expectTypeOf<Extract<OrderStatusEffect, { kind: 'emit' }>['event']>().toEqualTypeOf<'order.failed'>();
  expectTypeOf<
    Extract<OrderStatusEffect, { kind: 'add_status_history' }>['entry']['status']
  >().toEqualTypeOf<OrderStatus>();
});
