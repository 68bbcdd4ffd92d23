import type { EventType } from '@glm/domain';
import type { DeclineCode, TriggerObjects, TriggerResult } from '@glm/domain/test-helpers';
import type { CallOperation } from '../../operations/call-operation.ts';
import { triggerEvent } from '../../operations/triggers/trigger.ts';

/** What `mock.trigger(type, options)` takes besides the type. */
export interface TriggerOptions {
  /**
   * Fields to set on the requests the trigger makes, by path: `customer.email` patches the event
   * type's main request, `checkout.customer.email` or `refund.amount_cents` name the request.
   */
  readonly overrides?: Readonly<Record<string, unknown>>;
  /** Existing objects to use instead of making new ones: a product id, `cus_…`, `sub_…` or `ord_…`. */
  readonly objects?: TriggerObjects;
  /**
   * The decline a declining trigger produces (`payment.failed`: `not_hsa_fsa_card`, `restricted_card`,
   * `expired_card`, `incorrect_cvc`, …): it pays with the test card that declines so.
   */
  readonly decline?: DeclineCode;
}

/** The trigger test helper of the JavaScript test API, in test mode. */
export function triggerTestApi(call: CallOperation): {
  trigger(type: EventType, options?: TriggerOptions): Promise<TriggerResult>;
} {
  return {
    trigger: (type, options = {}) => call('test', triggerEvent, { type, ...options }),
  };
}
