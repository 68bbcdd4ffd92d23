import { cancelCheckout } from '../../../operations/checkout/cancel.ts';
import { payCheckout } from '../../../operations/checkout/pay.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/** Checkout test helpers: pay a session with the test cards, or leave it as the shopper would. */
export const checkoutTestHelperEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testPayCheckoutSession',
    testOnly: true,
    operation: payCheckout,
    doc: {
      pathParameters: { id: idOf('checkout session', 'cs_') },
      description:
        'Test cards: 4242424242424242 (default) and 4111111111111111 succeed, 4000000000000002 and ' +
        '4000000000009995 decline (retryable), 4000000000000069 is a hard decline, 4000000000000259 ' +
        'succeeds and then opens a dispute; a declined card answers 200 with `order: null`.',
      success: { description: 'The attempt and what it created.' },
    },
  }),
  endpoint({
    operationId: 'testCancelCheckoutSession',
    testOnly: true,
    operation: cancelCheckout,
    doc: {
      pathParameters: { id: idOf('checkout session', 'cs_') },
      description: 'The session stays open; nothing is emitted.',
      success: { description: 'The session, unchanged.' },
    },
  }),
];
