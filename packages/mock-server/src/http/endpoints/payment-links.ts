import { cancelPaymentLink } from '../../operations/payment-links/cancel.ts';
import { createPaymentLink } from '../../operations/payment-links/create.ts';
import { getPaymentLink, listPaymentLinks } from '../../operations/payment-links/read.ts';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { idOf } from '../openapi/operation-doc.ts';

/**
 * Payment link endpoints: create, list (filtered), get and cancel (an active link only). Expiry at
 * `expires_at` runs on the virtual clock and before every request (lazily on read).
 */
export const paymentLinkEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'createPaymentLink',
    operation: createPaymentLink,
    doc: {
      description:
        '`subscription` is required when `payment_type` is `subscription`; products may not sum above ' +
        '`amount_cents`; `expires_at` is in the future and at most 90 days away. Emits `payment_link.created`.',
      success: { description: 'The link, status active.' },
    },
  }),
  endpoint({
    operationId: 'listPaymentLinks',
    operation: listPaymentLinks,
    doc: {
      success: { description: 'One page of payment links.' },
    },
  }),
  endpoint({
    operationId: 'getPaymentLink',
    operation: getPaymentLink,
    doc: {
      pathParameters: { id: idOf('payment link', 'plink_') },
      success: { description: 'The payment link.' },
    },
  }),
  endpoint({
    operationId: 'cancelPaymentLink',
    operation: cancelPaymentLink,
    doc: {
      pathParameters: { id: idOf('payment link', 'plink_') },
      description:
        'Only an active link can be cancelled (400 invalid_state, param `status`). Emits `payment_link.cancelled`.',
      success: { description: 'The cancelled link.' },
    },
  }),
];
