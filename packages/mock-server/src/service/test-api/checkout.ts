import type { CallOperation } from '../../operations/call-operation.ts';
import { cancelCheckout } from '../../operations/checkout/cancel.ts';
import { payCheckout } from '../../operations/checkout/pay.ts';
import type { MockService } from '../mock-service.ts';

/** The checkout test helpers of the JavaScript test API, in test mode. */
export function checkoutTestApi(call: CallOperation): Pick<MockService, 'payCheckout' | 'cancelCheckout'> {
  return {
    payCheckout: (id, input = {}) => call('test', payCheckout, input, id),
    cancelCheckout: (id) => call('test', cancelCheckout, undefined, id),
  };
}
