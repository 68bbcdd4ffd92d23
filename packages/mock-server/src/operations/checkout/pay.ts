import { ok } from '@glm/domain';
import { TestPaymentRequest } from '@glm/domain/test-helpers';
import { defineOperation } from '../define-operation.ts';
import { paySession } from './pay-session.ts';

/**
 * Pays an open session with the test cards (a session without a customer takes `input.customer` as
 * its payer): the session after the attempt, the order when it succeeded, and the outcome.
 */
export const payCheckout = defineOperation({
  input: TestPaymentRequest,
  rules: 'test_helpers.pay',
  creates: true,
  run(context, input, id) {
    const { customer, ...cards } = input;
    const paid = paySession(context, id, { cards, payer: customer });
    return paid.ok ? ok(paid.attempt) : paid;
  },
});
