import { createCheckoutSession } from '../../operations/checkout/create.ts';
import { getCheckoutSession } from '../../operations/checkout/read.ts';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { idOf } from '../openapi/operation-doc.ts';

/** Checkout endpoints: create and status, answered in the checkout envelope. */
export const checkoutEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'createCheckoutSession',
    envelope: 'Checkout session created',
    malformedCode: 'bad_request',
    operation: createCheckoutSession,
    doc: {
      description:
        'Accepts the reference request shape and the embedded-guide shape; sending both ' +
        'spellings of one field with different values is 400 bad_request. Line items whose `product_id` ' +
        'matches no product pass through as not eligible; in test mode the answer then carries a ' +
        '`Glm-Mock-Warning` header naming them.',
      success: {
        description: 'The session, in the checkout envelope.',
      },
    },
  }),
  endpoint({
    operationId: 'getCheckoutSession',
    envelope: 'Checkout session retrieved',
    operation: getCheckoutSession,
    doc: {
      pathParameters: { id: idOf('checkout session', 'cs_') },
      success: {
        description: 'The session, in the checkout envelope.',
      },
    },
  }),
];
