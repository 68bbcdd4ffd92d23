import { expectTypeOf, test } from 'vitest';
import type { ProductStatus } from '../schemas/statuses.ts';
import {
  type ProductStatusEvent,
  type ProductStatusState,
  productStatusTransition,
} from './product-status-machine.ts';

declare const state: ProductStatusState;
declare const event: ProductStatusEvent;

test('the result narrows on ok and a product status move has no effects', () => {
  const result = productStatusTransition(state, event);
  if (result.ok) {
    expectTypeOf(result.state.status).toEqualTypeOf<ProductStatus>();
    expectTypeOf(result.effects).toEqualTypeOf<readonly never[]>();
  } else {
    expectTypeOf(result.code).toEqualTypeOf<'conflict'>();
  }
});

test('a status request only takes the product vocabulary', () => {
  expectTypeOf<ProductStatusEvent['status']>().toEqualTypeOf<ProductStatus>();
  // @ts-expect-error deleted is not a product status
  productStatusTransition(state, { type: 'set_status', status: 'deleted' });
});
