import { z } from 'zod';
import { PaymentPart } from '../schemas/statuses.ts';

/**
 * What paying with a test card does at first: the charge `succeeded`, was `declined`, or was only
 * `authorized` (the order waits, `processing`, until a test helper captures or fails it).
 */
export const TestCardOutcome = z.enum(['succeeded', 'declined', 'authorized']);
/** What paying with a test card does at first. */
export type TestCardOutcome = z.infer<typeof TestCardOutcome>;

/**
 * What a test card does later: `dispute` opens a chargeback on the order it paid (and on every
 * subscription charge); `renewals_decline` pays the first charge and declines every subscription renewal.
 */
export const TestCardSequel = z.enum(['dispute', 'renewals_decline']);
/** What a test card does later. */
export type TestCardSequel = z.infer<typeof TestCardSequel>;

/**
 * The reasons a test card declines: a generic decline, insufficient funds, a processing error, a hard
 * decline (the shopper may not retry with it), an incorrect CVC, an expired card, a regular card used
 * for the HSA/FSA-eligible part (`not_hsa_fsa_card`), an HSA/FSA card used for the regular part
 * (`restricted_card`), and a number that is no test card (`invalid_number`).
 */
export const DeclineCode = z.enum([
  'card_declined',
  'insufficient_funds',
  'processing_error',
  'hard_decline',
  'incorrect_cvc',
  'expired_card',
  'not_hsa_fsa_card',
  'restricted_card',
  'invalid_number',
]);
/** The reasons a test card declines. */
export type DeclineCode = z.infer<typeof DeclineCode>;

/**
 * One test card of the reference server: its number, what paying with it does (`outcome`, with the
 * decline's `decline_code` and whether the shopper may `retryable`-ly try again), the only part of a
 * cart it pays (`pays_only`: on the other part it declines with its `decline_code`), what it does later
 * (`later`) and, in words, what it is for.
 */
export const TestCard = z.object({
  number: z.string().regex(/^\d{16}$/),
  brand: z.literal('visa'),
  outcome: TestCardOutcome,
  decline_code: DeclineCode.nullable(),
  retryable: z.boolean().nullable(),
  pays_only: PaymentPart.nullable(),
  later: TestCardSequel.nullable(),
  purpose: z.string(),
});
/** One test card of the reference server. */
export type TestCard = z.infer<typeof TestCard>;

const card = (
  number: string,
  outcome: TestCardOutcome,
  purpose: string,
  extras: {
    decline_code?: DeclineCode;
    retryable?: boolean;
    pays_only?: PaymentPart;
    later?: TestCardSequel;
  } = {},
): TestCard =>
  Object.freeze({
    number,
    brand: 'visa',
    outcome,
    decline_code: extras.decline_code ?? null,
    retryable: extras.retryable ?? null,
    pays_only: extras.pays_only ?? null,
    later: extras.later ?? null,
    purpose,
  });

/**
 * Every test card, in the order the hosted checkout page lists them. Any other number is declined as
 * `invalid_number` (retryable), so a typo in a test never passes silently. A card with `pays_only`
 * succeeds on that part of a cart and declines with its `decline_code` on the other. The reference server
 * answers the same cards in test and live mode (live orders are marked `test_mode: false`).
 *
 * @example
 * const hardDecline = TEST_CARDS.find((card) => card.decline_code === 'hard_decline');
 */
export const TEST_CARDS: readonly TestCard[] = Object.freeze([
  card('4242424242424242', 'succeeded', 'Succeeds (the default card of the pay test helpers).'),
  card(
    '4111111111111111',
    'succeeded',
    'Succeeds: a second good card, for the other part of a cart two cards pay.',
  ),
  card('4000000000000002', 'declined', 'Declined, retryable: payment.failed; the shopper may try again.', {
    decline_code: 'card_declined',
    retryable: true,
  }),
  card('4000000000009995', 'declined', 'Declined for insufficient funds, retryable: payment.failed.', {
    decline_code: 'insufficient_funds',
    retryable: true,
  }),
  card('4000000000000119', 'declined', 'Declined by a processing error, retryable: payment.failed.', {
    decline_code: 'processing_error',
    retryable: true,
  }),
  card('4000000000000127', 'declined', 'Declined for an incorrect CVC, retryable: payment.failed.', {
    decline_code: 'incorrect_cvc',
    retryable: true,
  }),
  card('4000000000000101', 'declined', 'Declined as expired, retryable: another card may pay.', {
    decline_code: 'expired_card',
    retryable: true,
  }),
  card(
    '4000000000004954',
    'succeeded',
    'A regular card, not an HSA/FSA card: pays the regular part; on the HSA/FSA-eligible part it declines (retryable).',
    { decline_code: 'not_hsa_fsa_card', retryable: true, pays_only: 'regular' },
  ),
  card(
    '4000000000006975',
    'succeeded',
    'An HSA/FSA card: pays the HSA/FSA-eligible part; on a regular part it declines (retryable).',
    { decline_code: 'restricted_card', retryable: true, pays_only: 'hsa_fsa' },
  ),
  card('4000000000000069', 'declined', 'Hard decline, not retryable: payment.failed and checkout.failed.', {
    decline_code: 'hard_decline',
    retryable: false,
  }),
  card(
    '4000000000000200',
    'authorized',
    'Authorized, not captured: order.created with the order processing and payment authorized, until a test helper captures it (order.completed) or fails it (order.failed).',
  ),
  card(
    '4000000000000259',
    'succeeded',
    'Succeeds, then a dispute opens on the order (and on every subscription charge).',
    {
      later: 'dispute',
    },
  ),
  card(
    '4000000000000341',
    'succeeded',
    'Succeeds; every subscription renewal charged to it declines: past_due, retries, then cancellation.',
    { later: 'renewals_decline' },
  ),
]);

/** The decline of a number that is no test card. */
export const UNKNOWN_CARD_DECLINE = {
  decline_code: 'invalid_number',
  retryable: true,
} as const satisfies { decline_code: DeclineCode; retryable: boolean };

/** The test card with this number, or `undefined` for any other number. */
export function findTestCard(number: string): TestCard | undefined {
  return TEST_CARDS.find((candidate) => candidate.number === number);
}
