import { captureOrder } from '../../operations/authorized-orders/capture.ts';
import { failOrder } from '../../operations/authorized-orders/fail.ts';
import type { CallOperation } from '../../operations/call-operation.ts';
import type { PaymentTestApi } from './payment-test-api.ts';

/** The order test helpers of the JavaScript test API, in test mode: capture or fail an authorized order. */
export function orderTestApi(call: CallOperation): Pick<PaymentTestApi, 'captureOrder' | 'failOrder'> {
  return {
    captureOrder: (id) => call('test', captureOrder, undefined, id),
    failOrder: (id, input = {}) => call('test', failOrder, input, id),
  };
}
