import type { TriggerRequest, TriggerResult } from '@glm/domain/test-helpers';
import type { z } from 'zod';
import type { APIPromise } from '../../api-promise.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The body of {@link TestTriggers.create}: the event type, overrides by field path, and existing objects. */
export type TriggerParams = z.input<typeof TriggerRequest>;

/** Produces events of any type through the flow a real integration would run. */
export class TestTriggers extends TestResource {
  /**
   * Produces an event of `type`: the service runs the requests that lead to it (a product, a checkout
   * paid, a refund, the clock moved…), with `overrides` set on their fields (`customer.email` on the
   * type's main request, `refund.amount_cents` naming one) and the existing `objects` used instead of
   * new ones. An unknown field or a missing object is a `422` naming it, and nothing changes.
   *
   * @example
   * const { event } = await glm.testHelpers.triggers.create({
   *   type: 'refund.created',
   *   overrides: { amount_cents: 500 },
   *   objects: { order: order.id },
   * });
   */
  create(params: TriggerParams, options?: RequestOptions): APIPromise<TriggerResult> {
    return this.send('POST /v2/test_helpers/triggers', 'TriggerResult', options, params);
  }
}
