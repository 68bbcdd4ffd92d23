import type { CallOperation } from '../../operations/call-operation.ts';
import { failRefund, succeedRefund } from '../../operations/refunds/settle.ts';
import type { PaymentTestApi } from './payment-test-api.ts';

/** The refund test helpers of the JavaScript test API, in test mode. */
export function refundTestApi(call: CallOperation): Pick<PaymentTestApi, 'succeedRefund' | 'failRefund'> {
  return {
    succeedRefund: (id) => call('test', succeedRefund, undefined, id),
    failRefund: (id) => call('test', failRefund, undefined, id),
  };
}
