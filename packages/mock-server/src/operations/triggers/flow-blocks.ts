import type { CheckoutSession, Order, PaymentLink, Product } from '@glm/domain';
import { type DeclineCode, findTestCard, TEST_CARDS, type TestCard } from '@glm/domain/test-helpers';
import { refusal } from '../../core/outcome.ts';
import { createCheckoutSession } from '../checkout/create.ts';
import { payCheckout } from '../checkout/pay.ts';
import { createPaymentLink } from '../payment-links/create.ts';
import { payPaymentLink } from '../payment-links/pay.ts';
import { createProduct } from '../products/create.ts';
import type { FlowStep } from './flow-step.ts';
import {
  type RequestBody,
  sampleCheckout,
  samplePaymentLink,
  sampleProduct,
  sampleRegularProduct,
  sampleShopper,
} from './sample-bodies.ts';

/** The first test card that pays every part of a cart and whose charge ends as `outcome` (then does `later`). */
export function cardThat(outcome: 'succeeded' | 'authorized', later?: 'renewals_decline'): string {
  const card = TEST_CARDS.find(
    (candidate) =>
      candidate.outcome === outcome && candidate.pays_only === null && candidate.later === (later ?? null),
  );
  if (card === undefined) throw new TypeError(`No test card ends as ${outcome} ${later ?? ''}.`);
  return card.number;
}

/**
 * The test card that declines with `code`, on the part of a cart it declines on: a card that pays only
 * one part (`pays_only`) declines on the other.
 */
export function cardDeclining(code: DeclineCode): TestCard {
  const card = TEST_CARDS.find((candidate) => candidate.decline_code === code);
  if (card === undefined) throw new TypeError(`No test card declines ${code}.`);
  return card;
}

/** Which sample product a flow sells when it makes one: the HSA/FSA-eligible item, or a regular one. */
export type SampleKind = 'eligible' | 'regular';

/** The given product (`objects.product`), or a new sample product of `kind` (eligible by default). */
export function product(step: FlowStep, kind: SampleKind = 'eligible'): Product {
  const { engine } = step.context;
  const given =
    step.objects.product === undefined ? undefined : engine.store.products.get(step.objects.product);
  if (given !== undefined) {
    step.made('product', given.id);
    return given;
  }
  const sample = kind === 'eligible' ? sampleProduct : sampleRegularProduct;
  const created = step.send('product', createProduct, sample(`trigger-${step.tag}`));
  step.made('product', created.id);
  return created;
}

/** Who pays: the given customer (`objects.customer`), or a sample shopper of this run. */
function shopper(step: FlowStep): RequestBody {
  const id = step.objects.customer;
  const customer =
    id === undefined ? undefined : step.context.engine.store.modes[step.context.mode].customers.get(id);
  if (customer === undefined) return sampleShopper(`trigger-${step.tag}`);
  return {
    email: customer.email,
    first_name: customer.first_name || 'Test',
    last_name: customer.last_name || 'Shopper',
  };
}

/**
 * The card a payment that should succeed uses: without a given customer, `fallback`; with one, its
 * first saved card that a payment captures (an HSA/FSA card first when `hsaFirst`, the regular card
 * first otherwise). A customer with no such card stops the flow, naming `objects.customer`.
 */
export function payingCard(step: FlowStep, fallback: string, hsaFirst = true): string {
  const id = step.objects.customer;
  if (id === undefined) return fallback;
  const methods = [...step.context.engine.store.modes[step.context.mode].paymentMethods.values()].filter(
    (method) => method.customerId === id && findTestCard(method.card)?.outcome === 'succeeded',
  );
  const preferred = methods.find((method) => (method.method.type === 'hsa_fsa_card') === hsaFirst);
  const card = (preferred ?? methods[0])?.card;
  if (card !== undefined) return card;
  return step.stop(
    refusal('validation_error', `Customer ${id} has no saved card that pays (a test card that succeeds).`, {
      param: 'objects.customer',
    }),
  );
}

/**
 * A new checkout session for one unit of the product (given, or made of `kind`), paid by
 * {@link shopper}.
 */
export function checkout(step: FlowStep, kind: SampleKind = 'eligible'): CheckoutSession {
  const item = product(step, kind);
  const merchantId = item.merchant_product_id ?? `trigger-${step.tag}`;
  const session = step.send(
    'checkout',
    createCheckoutSession,
    sampleCheckout(`trigger-${step.tag}`, {
      merchantProductId: merchantId,
      name: item.name,
      price: item.price,
      customer: shopper(step),
    }),
  );
  step.made('checkout_session', session.checkout_id);
  return session;
}

/** Pays a checkout session with `card` as both cards (the `payment` request); answers the attempt. */
export function payWith(step: FlowStep, sessionId: string, card: string) {
  return step.send('payment', payCheckout, { card_number: card, hsa_card_number: card }, sessionId);
}

/**
 * A new order: a checkout session paid with `card` (by default the given customer's saved card, or
 * `4242424242424242`). A payment that declines (an overridden card) stops the flow with `409 conflict`.
 */
export function paidOrder(step: FlowStep, card = payingCard(step, cardThat('succeeded'))): Order {
  const session = checkout(step);
  const attempt = payWith(step, session.checkout_id, card);
  if (attempt.order === null) {
    return step.stop(
      refusal(
        'conflict',
        `The trigger's payment was declined (${attempt.payment.decline_code ?? 'declined'}), so it made no order.`,
        { param: 'payment' },
      ),
    );
  }
  step.made('order', attempt.order.id);
  return attempt.order;
}

/** The given order (`objects.order`), or a new one paid with the default card. */
export function order(step: FlowStep): Order {
  const id = step.objects.order;
  const given =
    id === undefined ? undefined : step.context.engine.store.modes[step.context.mode].orders.get(id);
  if (given !== undefined) {
    step.made('order', given.id);
    return given;
  }
  return paidOrder(step);
}

/**
 * A new payment link (`extra` fields over the sample, $50.00 one-time): with the given product as its
 * line (and its price as the amount when that is more) and the given customer as its shopper.
 */
export function paymentLink(step: FlowStep, extra: RequestBody = {}): PaymentLink {
  const given = step.objects.product === undefined ? undefined : product(step);
  const customer = step.objects.customer === undefined ? {} : { customer: shopper(step) };
  const line =
    given === undefined
      ? {}
      : {
          amount_cents: Math.max(5000, given.price),
          products: [
            {
              merchant_product_id: given.merchant_product_id ?? `trigger-${step.tag}`,
              name: given.name,
              quantity: 1,
              price_cents: given.price,
            },
          ],
        };
  const link = step.send(
    'payment_link',
    createPaymentLink,
    samplePaymentLink({ ...line, ...customer, ...extra }),
  );
  step.made('payment_link', link.id);
  return link;
}

/** Pays a payment link with `card` as both cards, {@link shopper} paying; answers the attempt. */
export function payLink(step: FlowStep, linkId: string, card: string) {
  const paid = step.send(
    'payment',
    payPaymentLink,
    { card_number: card, hsa_card_number: card, customer: shopper(step) },
    linkId,
  );
  step.made('checkout_session', paid.checkout.checkout_id);
  if (paid.order !== null) step.made('order', paid.order.id);
  return paid;
}
