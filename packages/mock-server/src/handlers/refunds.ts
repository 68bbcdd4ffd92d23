import { RefundListQuery } from '@glm/domain';
import { idOf } from '../openapi/operation-doc.ts';
import {
  createRefund,
  failRefund,
  getRefund,
  listRefunds,
  succeedRefund,
} from '../operations/refunds/refund-operations.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

/** Refund endpoints: create, list (filters `order_id`, `status`) and get. */
export const refundEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/refunds',
    creates: true,
    operation: (context, { body }) => createRefund(context, body),
    doc: {
      operationId: 'createRefund',
      summary: 'Refund an order, fully or in part',
      tag: 'Refunds',
      body: 'RefundCreate',
      validation: 'refund.create',
      description:
        '`amount_cents` (alias `amount`; both must agree) defaults to what is left to refund. Only a captured ' +
        'order with money left can be refunded (409 conflict); an amount above what is left is 400 invalid_amount. ' +
        'Emits `refund.created`, then `refund.succeeded` or `refund.failed`.',
      success: { status: 201, schema: 'Refund', description: 'The refund, status pending.' },
      errors: ['not_found', 'conflict'],
    },
  }),
  endpoint({
    method: 'GET',
    path: '/refunds',
    operation: (context, { query }) => listRefunds(context, query),
    doc: {
      operationId: 'listRefunds',
      summary: 'List refunds, newest first',
      tag: 'Refunds',
      query: RefundListQuery,
      validation: 'refund.list',
      success: { status: 200, schema: 'RefundList', description: 'One page of refunds.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/refunds/:id',
    operation: (context, { id }) => getRefund(context, id),
    doc: {
      operationId: 'getRefund',
      summary: 'Get a refund',
      tag: 'Refunds',
      pathParameters: { id: idOf('refund', 'ref_') },
      success: { status: 200, schema: 'Refund', description: 'The refund.' },
      errors: ['not_found'],
    },
  }),
];

/** Refund test helpers: settle a pending refund (one nobody settles succeeds a virtual minute after creation). */
export const refundTestHelperEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/test_helpers/refunds/:id/succeed',
    testOnly: true,
    operation: (context, { id }) => succeedRefund(context, id),
    doc: {
      operationId: 'testSucceedRefund',
      summary: 'Settle a pending refund as succeeded',
      tag: 'Test helpers',
      pathParameters: { id: idOf('refund', 'ref_') },
      success: { status: 200, schema: 'Refund', description: 'The refund.' },
      errors: ['not_found', 'conflict'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/test_helpers/refunds/:id/fail',
    testOnly: true,
    operation: (context, { id }) => failRefund(context, id),
    doc: {
      operationId: 'testFailRefund',
      summary: 'Settle a pending refund as failed',
      tag: 'Test helpers',
      pathParameters: { id: idOf('refund', 'ref_') },
      success: { status: 200, schema: 'Refund', description: 'The refund.' },
      errors: ['not_found', 'conflict'],
    },
  }),
];
