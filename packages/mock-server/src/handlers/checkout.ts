import { idOf } from '../openapi/operation-doc.ts';
import { cancelCheckout } from '../operations/checkout/cancel.ts';
import { createCheckoutSession } from '../operations/checkout/create.ts';
import { payCheckout } from '../operations/checkout/pay.ts';
import { getCheckoutSession } from '../operations/checkout/read.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

/** Checkout endpoints: create (4.4) and status, answered in the checkout envelope. */
export const checkoutEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/checkout',
    envelope: 'Checkout session created',
    malformedCode: 'bad_request',
    operation: createCheckoutSession,
    doc: {
      operationId: 'createCheckoutSession',
      summary: 'Create a checkout session',
      tag: 'Checkout',
      description:
        'Accepts the reference shape of interface 4.4 and the embedded-guide shape; sending both ' +
        'spellings of one field with different values is 400 bad_request. Line items whose `product_id` ' +
        'matches no product pass through as not eligible.',
      success: {
        status: 201,
        schema: 'CheckoutSessionEnvelope',
        description: 'The session, in the checkout envelope.',
      },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/checkout/:id',
    envelope: 'Checkout session retrieved',
    operation: getCheckoutSession,
    doc: {
      operationId: 'getCheckoutSession',
      summary: 'Get a checkout session (poll its status)',
      tag: 'Checkout',
      pathParameters: { id: idOf('checkout session', 'cs_') },
      success: {
        status: 200,
        schema: 'CheckoutSessionEnvelope',
        description: 'The session, in the checkout envelope.',
      },
      errors: ['not_found'],
    },
  }),
];

/** Checkout test helpers: pay a session with the test cards, or leave it as the shopper would. */
export const checkoutTestHelperEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/test_helpers/checkout/:id/pay',
    testOnly: true,
    operation: payCheckout,
    doc: {
      operationId: 'testPayCheckoutSession',
      summary: 'Pay a checkout session with a test card',
      tag: 'Test helpers',
      pathParameters: { id: idOf('checkout session', 'cs_') },
      description:
        'Test cards: 4242424242424242 (default) and 4111111111111111 succeed, 4000000000000002 and ' +
        '4000000000009995 decline (retryable), 4000000000000069 is a hard decline, 4000000000000259 ' +
        'succeeds and then opens a dispute; a declined card answers 200 with `order: null`.',
      success: { status: 200, schema: 'CheckoutPayResult', description: 'The attempt and what it created.' },
      errors: ['not_found', 'conflict'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/test_helpers/checkout/:id/cancel',
    testOnly: true,
    operation: cancelCheckout,
    doc: {
      operationId: 'testCancelCheckoutSession',
      summary: "Play the shopper's cancel on the hosted page",
      tag: 'Test helpers',
      pathParameters: { id: idOf('checkout session', 'cs_') },
      description: 'The session stays open; nothing is emitted.',
      success: { status: 200, schema: 'CheckoutCancelResult', description: 'The session, unchanged.' },
      errors: ['not_found', 'conflict'],
    },
  }),
];
