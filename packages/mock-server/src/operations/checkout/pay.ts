import { ok } from '@glm/domain';
import { TestPaymentRequest } from '@glm/domain/test-helpers';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { paySession } from './pay-session.ts';

/**
 * Pays an open session with the test cards (a session without a customer takes `input.customer` as
 * its payer): the session after the attempt, the order when it succeeded, and the outcome.
 */
export const payCheckout = defineOperation({
  endpoint: {
    operationId: 'testPayCheckoutSession',
    pathParameters: { id: idOf('checkout session', 'cs_') },
    description:
      'Test cards: 4242424242424242 (default) and 4111111111111111 succeed, 4000000000000002 and ' +
      '4000000000009995 decline (retryable), 4000000000000069 is a hard decline, 4000000000000259 ' +
      'succeeds and then opens a dispute; a declined card answers 200 with `order: null`.',
    success: { description: 'The attempt and what it created.' },
  },
  input: TestPaymentRequest,
  rules: 'test_helpers.pay',
  creates: true,
  run(context, input, id) {
    const { customer, ...cards } = input;
    const paid = paySession(context, id, { cards, payer: customer });
    return paid.ok ? ok(paid.attempt) : paid;
  },
});
