import { PaymentLinkListQuery } from '@glm/domain';
import { idOf } from '../openapi/operation-doc.ts';
import {
  cancelPaymentLink,
  createPaymentLink,
  getPaymentLink,
  listPaymentLinks,
  payPaymentLink,
} from '../operations/payment-links/payment-link-operations.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

/**
 * Payment link endpoints: create (4.7), list (filtered), get and cancel (4.6, 3.2). Expiry at
 * `expires_at` runs on the virtual clock and before every request (lazily on read).
 */
export const paymentLinkEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/payment-links',
    creates: true,
    operation: (context, { body }) => createPaymentLink(context, body),
    doc: {
      operationId: 'createPaymentLink',
      summary: 'Create a payment link',
      tag: 'Payment links',
      body: 'PaymentLinkCreate',
      validation: 'payment_link.create',
      description:
        '`subscription` is required when `payment_type` is `subscription`; products may not sum above ' +
        '`amount_cents`; `expires_at` is in the future and at most 90 days away. Emits `payment_link.created`.',
      success: { status: 201, schema: 'PaymentLink', description: 'The link, status active.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/payment-links',
    operation: (context, { query }) => listPaymentLinks(context, query),
    doc: {
      operationId: 'listPaymentLinks',
      summary: 'List payment links, newest first',
      tag: 'Payment links',
      query: PaymentLinkListQuery,
      validation: 'payment_link.list',
      success: { status: 200, schema: 'PaymentLinkList', description: 'One page of payment links.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/payment-links/:id',
    operation: (context, { id }) => getPaymentLink(context, id),
    doc: {
      operationId: 'getPaymentLink',
      summary: 'Get a payment link',
      tag: 'Payment links',
      pathParameters: { id: idOf('payment link', 'plink_') },
      success: { status: 200, schema: 'PaymentLink', description: 'The payment link.' },
      errors: ['not_found'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/payment-links/:id/cancel',
    operation: (context, { body, id }) => cancelPaymentLink(context, id, body),
    doc: {
      operationId: 'cancelPaymentLink',
      summary: 'Cancel an active payment link',
      tag: 'Payment links',
      pathParameters: { id: idOf('payment link', 'plink_') },
      body: 'PaymentLinkCancel',
      validation: 'payment_link.cancel',
      description:
        'Only an active link can be cancelled (400 invalid_state, param `status`). Emits `payment_link.cancelled`.',
      success: { status: 200, schema: 'PaymentLink', description: 'The cancelled link.' },
      errors: ['invalid_state', 'not_found'],
    },
  }),
];

/** The payment link test helper: pay an active link with the test cards. */
export const paymentLinkTestHelperEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/test_helpers/payment-links/:id/pay',
    testOnly: true,
    creates: true,
    operation: (context, { body, id }) => payPaymentLink(context, id, body),
    doc: {
      operationId: 'testPayPaymentLink',
      summary: 'Pay a payment link with a test card',
      tag: 'Test helpers',
      pathParameters: { id: idOf('payment link', 'plink_') },
      body: 'TestPaymentRequest',
      validation: 'test_helpers.pay',
      success: {
        status: 200,
        schema: 'PaymentLinkPayResult',
        description: 'The attempt and what it created.',
      },
      errors: ['not_found', 'conflict'],
    },
  }),
];
