import { expectTypeOf, test } from 'vitest';
import type { SubscriptionInterval, SubscriptionStatus } from '../schemas/statuses.ts';
import {
  addInterval,
  type SubscriptionEffect,
  type SubscriptionEvent,
  type SubscriptionState,
  startSubscription,
  subscriptionTransition,
} from './subscription-machine.ts';

declare const state: SubscriptionState;
declare const event: SubscriptionEvent;

test('the result narrows on ok to the next subscription state and its effects', () => {
  const result = subscriptionTransition(state, event);
  if (result.ok) {
    expectTypeOf(result.state.status).toEqualTypeOf<SubscriptionStatus>();
    expectTypeOf(result.effects).toEqualTypeOf<readonly SubscriptionEffect[]>();
  } else {
    expectTypeOf(result.code).toEqualTypeOf<'conflict' | 'invalid_request'>();
  }
  expectTypeOf(startSubscription).returns.toEqualTypeOf<typeof result>();
});

test('addInterval takes the interval vocabulary and gives back a Date', () => {
  expectTypeOf(addInterval).parameter(1).toEqualTypeOf<SubscriptionInterval>();
  expectTypeOf(addInterval(new Date(0), 'monthly', 1)).toEqualTypeOf<Date>();
  // @ts-expect-error hourly is not a billing interval
  addInterval(new Date(0), 'hourly', 1);
});

test('every subscription event carries now', () => {
  expectTypeOf<SubscriptionEvent['type']>().toEqualTypeOf<
    'charge_succeeded' | 'charge_failed' | 'cancel' | 'end'
  >();
  expectTypeOf<SubscriptionEvent['now']>().toEqualTypeOf<string>();
});
