import { PaymentLink, PaymentLinkList } from '@glm/domain';
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
    method: 'POST',
    path: '/payment-links',
    operation: createPaymentLink,
    doc: {
      operationId: 'createPaymentLink',
      summary: 'Create a payment link',
      tag: 'Payment links',
      description:
        '`subscription` is required when `payment_type` is `subscription`; products may not sum above ' +
        '`amount_cents`; `expires_at` is in the future and at most 90 days away. Emits `payment_link.created`.',
      success: { status: 201, schema: PaymentLink, description: 'The link, status active.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/payment-links',
    operation: listPaymentLinks,
    doc: {
      operationId: 'listPaymentLinks',
      summary: 'List payment links, newest first',
      tag: 'Payment links',
      success: { status: 200, schema: PaymentLinkList, description: 'One page of payment links.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/payment-links/:id',
    operation: getPaymentLink,
    doc: {
      operationId: 'getPaymentLink',
      summary: 'Get a payment link',
      tag: 'Payment links',
      pathParameters: { id: idOf('payment link', 'plink_') },
      success: { status: 200, schema: PaymentLink, description: 'The payment link.' },
      errors: ['not_found'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/payment-links/:id/cancel',
    operation: cancelPaymentLink,
    doc: {
      operationId: 'cancelPaymentLink',
      summary: 'Cancel an active payment link',
      tag: 'Payment links',
      pathParameters: { id: idOf('payment link', 'plink_') },
      description:
        'Only an active link can be cancelled (400 invalid_state, param `status`). Emits `payment_link.cancelled`.',
      success: { status: 200, schema: PaymentLink, description: 'The cancelled link.' },
      errors: ['invalid_state', 'not_found'],
    },
  }),
];
