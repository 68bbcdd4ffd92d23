import type { CheckoutSession, Order } from '@glm/domain';
import type { TestPaymentRequest } from '@glm/domain/test-helpers';
import { MockServiceError } from '../../core/mock-service-error.ts';
import { lacksPayer } from '../../operations/checkout/assign-payer.ts';
import type { Operation } from '../../operations/define-operation.ts';
import { cardDigits } from '../kit/read-form.ts';
import type { PageContext } from '../page-context.ts';
import { type AttemptOutcome, attemptKey } from './attempt-ledger.ts';
import type { PageProblem } from './checkout-view.ts';
import { declinedCard, declineProblem } from './decline-problem.ts';
import { readPayer } from './payer-form.ts';
import { formPage, type PaymentSurface, paidResponse } from './payment-flow.ts';

/** What the pay operations answer: the session after the attempt, the order and the outcome. */
interface PayResult {
  readonly checkout: CheckoutSession;
  readonly order: Order | null;
  readonly payment: { readonly outcome: string; readonly decline_code?: string | null | undefined };
}

/** A pay operation of the page (the session's or the link's), given the test cards and payer the form gave. */
export type PayOperation = Operation<TestPaymentRequest, string, PayResult>;

const INVALID_PAYER: PageProblem = {
  code: 'invalid_payer',
  message: 'Check your details: the fields marked below need an answer.',
};

const INVALID_NUMBER: PageProblem = {
  code: 'invalid_card_number',
  message: 'Enter each card number as 12 to 19 digits.',
};

/** The cards the form must carry for the cart type: the HSA/FSA card unless regular, the other card unless eligible. */
function formCards(
  form: URLSearchParams,
  type: string,
): { readonly card_number?: string; readonly hsa_card_number?: string } | undefined {
  const hsa = type === 'regular' ? null : cardDigits(form.get('hsa_card_number'));
  const regular = type === 'eligible' ? null : cardDigits(form.get('card_number'));
  if (hsa === undefined || regular === undefined) return undefined;
  return {
    ...(hsa === null ? {} : { hsa_card_number: hsa }),
    ...(regular === null ? {} : { card_number: regular }),
  };
}

/** The page answering an attempt's outcome: the success redirect or confirmation, or the form with the decline. */
function outcomeResponse(surface: PaymentSurface, outcome: AttemptOutcome): Response {
  return outcome.kind === 'paid'
    ? paidResponse(surface, outcome.checkout, outcome.order)
    : formPage({ ...surface, session: outcome.checkout }, 200, outcome.problem);
}

/**
 * The answer to a submit that repeats an attempt already made (same one-time attempt token on the same
 * session or link `ownerId`): that attempt's outcome, waiting for it while it runs; `undefined` when the
 * form carries no known attempt. `surfaceOf` builds the page for the session the attempt ended with.
 */
export async function repeatedAttempt(
  context: PageContext,
  ownerId: string,
  form: URLSearchParams,
  surfaceOf: (checkout: CheckoutSession) => PaymentSurface,
): Promise<Response | undefined> {
  const key = attemptKey(ownerId, form.get('attempt'));
  const kept = key === undefined ? undefined : context.attempts.find(key);
  const outcome = await kept;
  return outcome === undefined ? undefined : outcomeResponse(surfaceOf(outcome.checkout), outcome);
}

/**
 * Plays the shopper's payment through the pay test-helper operation (`pay`), so the page and
 * the test helper are one operation: a session without a customer takes the payer the shopper typed
 * (missing or malformed fields re-show the form with a message each); a malformed number re-shows the
 * form; a decline re-shows it with the message and a retry (`checkout.error`); a success redirects or
 * confirms. Every re-shown form answers 200 (its state is in the page: Chrome logs any 4xx document
 * as a console error, and the shopper's pages log none). The attempt
 * runs once per attempt token of the form (kept under `ownerId`, the session or link `pay` acts on). Answers
 * `conflict` when the session or link can no longer be paid (the caller shows its state).
 */
export async function attemptPayment(
  context: PageContext,
  surface: PaymentSurface,
  form: URLSearchParams,
  payment: { readonly pay: PayOperation; readonly ownerId: string },
): Promise<Response | 'conflict'> {
  const { pay, ownerId } = payment;
  const asked = lacksPayer(surface.session.customer) ? readPayer(form) : undefined;
  if (asked?.ok === false) return formPage(surface, 200, INVALID_PAYER, asked.entry);
  const cards = formCards(form, surface.session.type);
  if (cards === undefined) {
    const typed = asked?.ok === true ? { values: asked.payer, errors: {} } : undefined;
    return formPage(surface, 200, INVALID_NUMBER, typed);
  }
  const body = asked?.ok === true ? { ...cards, customer: asked.payer } : cards;
  const run = async (): Promise<AttemptOutcome | undefined> => {
    let result: PayResult;
    try {
      result = await context.call(surface.mode, pay, body, ownerId);
    } catch (error) {
      if (error instanceof MockServiceError && error.status === 409) return undefined;
      throw error;
    }
    // An authorized payment pays the session too: its order waits for the capture, not the shopper.
    return result.payment.outcome !== 'declined'
      ? { kind: 'paid', checkout: result.checkout, order: result.order }
      : {
          kind: 'declined',
          checkout: result.checkout,
          problem: declineProblem(
            result.payment.decline_code ?? undefined,
            declinedCard(cards),
            surface.session.type,
          ),
        };
  };
  const key = attemptKey(ownerId, form.get('attempt'));
  const outcome = key === undefined ? await run() : await context.attempts.once(key, run);
  return outcome === undefined ? 'conflict' : outcomeResponse(surface, outcome);
}
