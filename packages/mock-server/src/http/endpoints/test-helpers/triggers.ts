import { triggerEvent } from '../../../operations/triggers/trigger.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';

/** The trigger test helper: produce any event type through the flow a merchant's integration would run. */
export const triggerEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testTriggerEvent',
    testOnly: true,
    operation: triggerEvent,
    doc: {
      description:
        'Runs the requests that lead to the event (creating a product, a checkout session, paying it, refunding it, moving the clock…). `overrides` set fields of those requests by path: `customer.email` patches the main request of the event type, `checkout.customer.email` or `refund.amount_cents` name the request. `objects` name an existing product, customer (whose saved card pays), subscription or order to use instead of making one. An unknown field or a missing object is 422 naming it; nothing changes unless the whole flow succeeds. `glm-mock trigger --list` lists each type with its requests and objects.',
      success: {
        description: 'The objects made or used, the event asked for, and every event emitted on the way.',
      },
    },
  }),
];
