import { failRefund, succeedRefund } from '../../../operations/refunds/settle.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/** Refund test helpers: settle a pending refund (one nobody settles succeeds a virtual minute after creation). */
export const refundTestHelperEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testSucceedRefund',
    testOnly: true,
    operation: succeedRefund,
    doc: {
      pathParameters: { id: idOf('refund', 'ref_') },
      success: { description: 'The refund.' },
    },
  }),
  endpoint({
    operationId: 'testFailRefund',
    testOnly: true,
    operation: failRefund,
    doc: {
      pathParameters: { id: idOf('refund', 'ref_') },
      success: { description: 'The refund.' },
    },
  }),
];
