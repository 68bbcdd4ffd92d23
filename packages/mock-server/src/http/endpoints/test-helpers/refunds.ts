import { Refund } from '@glm/domain';
import { failRefund, succeedRefund } from '../../../operations/refunds/settle.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/** Refund test helpers: settle a pending refund (one nobody settles succeeds a virtual minute after creation). */
export const refundTestHelperEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/test_helpers/refunds/:id/succeed',
    testOnly: true,
    operation: succeedRefund,
    doc: {
      operationId: 'testSucceedRefund',
      summary: 'Settle a pending refund as succeeded',
      tag: 'Test helpers',
      pathParameters: { id: idOf('refund', 'ref_') },
      success: { status: 200, schema: Refund, description: 'The refund.' },
      errors: ['not_found', 'conflict'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/test_helpers/refunds/:id/fail',
    testOnly: true,
    operation: failRefund,
    doc: {
      operationId: 'testFailRefund',
      summary: 'Settle a pending refund as failed',
      tag: 'Test helpers',
      pathParameters: { id: idOf('refund', 'ref_') },
      success: { status: 200, schema: Refund, description: 'The refund.' },
      errors: ['not_found', 'conflict'],
    },
  }),
];
