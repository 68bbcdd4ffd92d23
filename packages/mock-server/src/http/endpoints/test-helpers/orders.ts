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
    operationId: 'testCaptureOrder',
    testOnly: true,
    operation: captureOrder,
    doc: {
      description:
        'The payment becomes captured and the order completed; emits order.completed (after subscription.payment_succeeded when it was the first payment of a subscription). An order whose payment is not authorized is 409 conflict.',
      pathParameters: { id: idOf('order', 'ord_') },
      success: { description: 'The completed order.' },
    },
  }),
  endpoint({
    operationId: 'testFailOrder',
    testOnly: true,
    operation: failOrder,
    doc: {
      description:
        'The payment and the order become failed, with the reason in the status history; emits order.failed. A subscription whose first payment it was is cancelled (subscription.cancelled, reason payment_failed). An order whose payment is not authorized is 409 conflict.',
      pathParameters: { id: idOf('order', 'ord_') },
      success: { description: 'The failed order.' },
    },
  }),
];
