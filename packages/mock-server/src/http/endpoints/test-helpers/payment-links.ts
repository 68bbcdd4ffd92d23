import { PaymentLinkPayResult } from '@glm/domain/test-helpers';
import { payPaymentLink } from '../../../operations/payment-links/pay.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/** The payment link test helper: pay an active link with the test cards. */
export const paymentLinkTestHelperEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/test_helpers/payment-links/:id/pay',
    testOnly: true,
    operation: payPaymentLink,
    doc: {
      operationId: 'testPayPaymentLink',
      summary: 'Pay a payment link with a test card',
      tag: 'Test helpers',
      pathParameters: { id: idOf('payment link', 'plink_') },
      success: {
        status: 200,
        schema: PaymentLinkPayResult,
        description: 'The attempt and what it created.',
      },
      errors: ['not_found', 'conflict'],
    },
  }),
];
