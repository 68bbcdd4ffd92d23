import type { CallOperation } from '../../operations/call-operation.ts';
import { payPaymentLink } from '../../operations/payment-links/pay.ts';
import type { PaymentTestApi } from './payment-test-api.ts';

/** The payment link test helpers of the JavaScript test API, in test mode. */
export function paymentLinkTestApi(call: CallOperation): Pick<PaymentTestApi, 'payPaymentLink'> {
  return { payPaymentLink: (id, input = {}) => call('test', payPaymentLink, input, id) };
}
