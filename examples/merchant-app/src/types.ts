// Compile-time checks of what a merchant expects from the published types,
// type-checked by `tsc --noEmit` under the app's strict tsconfig and never run.
//
// Each point comes with its control (what must compile), so that every `@ts-expect-error` fails for
// the reason it names and no other.
import type { Glm, Order, PaymentLinkCreateParams, Product } from '@glm/sdk';
import { type EventOfType, isKnownEvent, verifyWebhook } from '@glm/sdk/webhooks';

/** True when A and B are the same type (not merely assignable either way). */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only when T is `true`. */
export type Expect<T extends true> = T;

/** The `data` of an `order.completed` event. */
export type CompletedOrder = EventOfType<'order.completed'>['data'];

/** A payment link request, checked against the SDK's parameter type. */
export const link = (params: PaymentLinkCreateParams): PaymentLinkCreateParams => params;
/** What every payment link below has in common. */
export const box = {
  amount_cents: 2500,
  currency: 'USD',
  description: 'Box',
  success_url: 'https://shop.example/',
} as const;

/** Control of `.catch((error: Error) => …)`: after `.then`, the promise is a native one. */
export function catchAfterThen(glm: Glm): Promise<string> {
  return glm.orders
    .get('ord_1')
    .then((order) => order.id)
    .catch((error: Error) => error.message);
}

/** Control of the one-of check: a barcode, a name, or both. */
export function eligibilityWithOneOf(glm: Glm): void {
  void glm.products.checkEligibility({ product_name: 'Ibuprofen 200mg' });
  void glm.products.checkEligibility({ upc_code_or_gtin: '074100001236' });
}

/** Control of the subscription settings: a one-time link, and a subscription link with its interval. */
export function linksWithSettings(): void {
  link({ ...box });
  link({ ...box, payment_type: 'subscription', subscription: { interval: 'monthly' } });
}

/** Control of closed statuses: a real status compiles. */
export function statusCompleted(order: Order): boolean {
  return order.status === 'completed';
}

/** Control of narrowing: after `isKnownEvent`, comparing `event.type` narrows `event.data`. */
export async function narrowsAfterIsKnownEvent(request: Request, secret: string): Promise<string> {
  const event = await verifyWebhook({ body: request, secret });
  if (isKnownEvent(event) && event.type === 'order.completed') {
    const narrowed: Expect<Equal<typeof event.data, CompletedOrder>> = true;
    void narrowed;
    return event.data.order_number;
  }
  return event.type;
}

/** `.catch((error: Error) => …)` on an SDK call, as on a native Promise. */
export function catchOnTheCall(glm: Glm) {
  return glm.orders.get('ord_1').catch((error: Error) => error.message);
}

/** `checkEligibility({})` does not compile: it needs a barcode or a name. */
export function eligibilityNeedsOneOf(glm: Glm): void {
  // @ts-expect-error neither a barcode nor a name
  void glm.products.checkEligibility({});
}

/** A `payment_type: 'subscription'` link without its subscription settings does not compile. */
export function subscriptionLinkNeedsSettings(): void {
  // @ts-expect-error a subscription link without its subscription settings
  link({ ...box, payment_type: 'subscription' });
}

/** Statuses are closed unions: `order.status === 'completd'` does not compile. */
export function statusTypo(order: Order): boolean {
  // @ts-expect-error 'completd' is no order status
  return order.status === 'completd';
}

/** Comparing `event.type` narrows `event.data` on what `verifyWebhook` returns, without `isKnownEvent`. */
export async function narrowsOnType(request: Request, secret: string): Promise<string> {
  const event = await verifyWebhook({ body: request, secret });
  if (event.type === 'order.completed') {
    const narrowed: Expect<Equal<typeof event.data, CompletedOrder>> = true;
    void narrowed;
    return event.data.order_number;
  }
  // Types this SDK does not know still reach here, without a crash.
  return event.type;
}

/** Events listed by type are typed as that event. */
export async function eventsListedByType(glm: Glm): Promise<string | undefined> {
  const page = await glm.testHelpers.events.list({ type: 'order.completed' });
  const first = page.data[0];
  if (first === undefined) return undefined;
  const typed: Expect<Equal<typeof first.data, CompletedOrder>> = true;
  void typed;
  return first.data.order_number;
}

/** A result is the plain domain type: a spread keeps everything its type promises; the meta is on `withResponse()`. */
export async function resultsAreHonest(glm: Glm): Promise<string | undefined> {
  const order = await glm.orders.get('ord_1');
  const copy = { ...order };
  const same: Expect<Equal<typeof copy, Order>> = true;
  void same;
  // @ts-expect-error the call's meta is not on the result
  void copy.meta;
  const { meta } = await glm.orders.get('ord_1').withResponse();
  return meta.requestId;
}

/** Fields the service always sends are required: no guard needed. */
export function alwaysSentFields(order: Order, product: Product): string {
  const customerId: string = order.customer.id;
  const recurring: boolean = order.is_recurring;
  const images: readonly unknown[] = product.images;
  return `${customerId} ${String(recurring)} ${images.length}`;
}
