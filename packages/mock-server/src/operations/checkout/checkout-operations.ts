import { type CheckoutCreate, type CheckoutSession, normalizeCheckoutRequest, ok } from '@glm/domain';
import type { TestPaymentRequest } from '@glm/domain/test-helpers';
import { failure, noSuch, type Outcome } from '../../core/outcome.ts';
import type { OperationContext } from '../operation-context.ts';
import { createCheckout } from './create-checkout.ts';
import { paySession } from './pay-session.ts';
import type { PaymentAttempt } from './payment-attempt.ts';

/** Creates a checkout session from either request shape, normalized by the domain. */
export function createCheckoutSession(
  { engine, mode }: OperationContext,
  input: CheckoutCreate,
): Outcome<CheckoutSession> {
  const request = normalizeCheckoutRequest(input);
  if (!request.ok) return failure(request.code, request.message, { param: request.param });
  return createCheckout(engine, mode, request.value, null);
}

/** One checkout session (poll its status). */
export function getCheckoutSession({ engine, mode }: OperationContext, id: string): Outcome<CheckoutSession> {
  const record = engine.store.modes[mode].checkouts.get(id);
  return record === undefined ? noSuch('checkout session') : ok(record.session);
}

/**
 * Pays an open session with the test cards (a session without a customer takes `input.customer` as
 * its payer): the session after the attempt, the order when it succeeded, and the outcome.
 */
export function payCheckout(
  { engine, mode }: OperationContext,
  id: string,
  input: TestPaymentRequest,
): Outcome<PaymentAttempt> {
  const { customer, ...cards } = input;
  const paid = paySession(engine, mode, id, cards, customer);
  return paid.ok ? ok(paid.attempt) : paid;
}

/**
 * The shopper leaves the hosted page: an open session stays open and nothing is emitted; a session
 * that is not open is `conflict`.
 */
export function cancelCheckout(
  { engine, mode }: OperationContext,
  id: string,
): Outcome<{ readonly checkout: CheckoutSession }> {
  const record = engine.store.modes[mode].checkouts.get(id);
  if (record === undefined) return noSuch('checkout session');
  if (record.session.status !== 'open') {
    return failure('conflict', `A checkout session that is ${record.session.status} cannot be cancelled.`, {
      param: 'status',
    });
  }
  return ok({ checkout: record.session });
}
