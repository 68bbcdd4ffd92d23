import { Refund, RefundList } from '@glm/domain';
import { createRefund } from '../../operations/refunds/create.ts';
import { getRefund, listRefunds } from '../../operations/refunds/read.ts';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { idOf } from '../openapi/operation-doc.ts';

/** Refund endpoints: create, list (filters `order_id`, `status`) and get. */
export const refundEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/refunds',
    operation: createRefund,
    doc: {
      operationId: 'createRefund',
      summary: 'Refund an order, fully or in part',
      tag: 'Refunds',
      description:
        '`amount_cents` (alias `amount`; both must agree) defaults to what is left to refund. Only a captured ' +
        'order with money left can be refunded (409 conflict); an amount above what is left is 400 invalid_amount. ' +
        'Emits `refund.created`, then `refund.succeeded` or `refund.failed`.',
      success: { status: 201, schema: Refund, description: 'The refund, status pending.' },
      errors: ['not_found', 'conflict'],
    },
  }),
  endpoint({
    method: 'GET',
    path: '/refunds',
    operation: listRefunds,
    doc: {
      operationId: 'listRefunds',
      summary: 'List refunds, newest first',
      tag: 'Refunds',
      success: { status: 200, schema: RefundList, description: 'One page of refunds.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/refunds/:id',
    operation: getRefund,
    doc: {
      operationId: 'getRefund',
      summary: 'Get a refund',
      tag: 'Refunds',
      pathParameters: { id: idOf('refund', 'ref_') },
      success: { status: 200, schema: Refund, description: 'The refund.' },
      errors: ['not_found'],
    },
  }),
];
