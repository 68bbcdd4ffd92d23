import type { CallOperation } from '../../operations/call-operation.ts';
import { closeDispute } from '../../operations/disputes/close.ts';
import { openDispute } from '../../operations/disputes/open.ts';
import { getDispute, listDisputes } from '../../operations/disputes/read.ts';
import { listAll } from './list-all.ts';
import type { PaymentTestApi } from './payment-test-api.ts';

/** The dispute test helpers of the JavaScript test API, in test mode. */
export function disputeTestApi(
  call: CallOperation,
): Pick<PaymentTestApi, 'openDispute' | 'closeDispute' | 'getDispute' | 'listDisputes'> {
  return {
    openDispute: (orderId, input = {}) => call('test', openDispute, input, orderId),
    closeDispute: (id, outcome) => call('test', closeDispute, { outcome }, id),
    getDispute: (id) => call('test', getDispute, undefined, id),
    listDisputes: (filter = {}) => listAll(call, listDisputes, filter),
  };
}
