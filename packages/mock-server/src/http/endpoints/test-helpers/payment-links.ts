import { payPaymentLink } from '../../../operations/payment-links/pay.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/** The payment link test helper: pay an active link with the test cards. */
export const paymentLinkTestHelperEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testPayPaymentLink',
    testOnly: true,
    operation: payPaymentLink,
    doc: {
      pathParameters: { id: idOf('payment link', 'plink_') },
      success: {
        description: 'The attempt and what it created.',
      },
    },
  }),
];
