import { Order } from '@glm/domain';
import { captureOrder } from '../../../operations/authorized-orders/capture.ts';
import { failOrder } from '../../../operations/authorized-orders/fail.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/**
 * Order test helpers: capture or fail an order whose payment was only authorized (paid with the
 * authorizing test card `4000000000000200`).
 */
export const orderTestHelperEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/test_helpers/orders/:id/capture',
    testOnly: true,
    operation: captureOrder,
    doc: {
      operationId: 'testCaptureOrder',
      summary: 'Capture an authorized order',
      description:
        'The payment becomes captured and the order completed; emits order.completed (after subscription.payment_succeeded when it was the first payment of a subscription). An order whose payment is not authorized is 409 conflict.',
      tag: 'Test helpers',
      pathParameters: { id: idOf('order', 'ord_') },
      success: { status: 200, schema: Order, description: 'The completed order.' },
      errors: ['not_found', 'conflict'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/test_helpers/orders/:id/fail',
    testOnly: true,
    operation: failOrder,
    doc: {
      operationId: 'testFailOrder',
      summary: 'Fail an authorized order',
      description:
        'The payment and the order become failed, with the reason in the status history; emits order.failed. A subscription whose first payment it was is cancelled (subscription.cancelled, reason payment_failed). An order whose payment is not authorized is 409 conflict.',
      tag: 'Test helpers',
      pathParameters: { id: idOf('order', 'ord_') },
      success: { status: 200, schema: Order, description: 'The failed order.' },
      errors: ['not_found', 'conflict'],
    },
  }),
];
