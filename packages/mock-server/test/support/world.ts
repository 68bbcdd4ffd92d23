import { CheckoutSessionEnvelope, PaymentLink, Product, Refund, Subscription } from '@glm/domain';
import {
  checkoutRequest,
  eligibleProduct,
  paymentLinkRequest,
  regularProduct,
  subscriptionRequest,
} from './fixtures.ts';
import type { Harness } from './harness.ts';
import { paidOrder } from './payment-fixtures.ts';

/** The ids of one test-mode object of every kind, made through the API and the test helpers. */
export interface World {
  /** An eligible catalog product (`sku-ibuprofen`). */
  readonly productId: number;
  /** An open checkout session. */
  readonly openCheckoutId: string;
  /** A paid checkout session's completed order, with a pending refund on it. */
  readonly orderId: string;
  /** A second completed order, with an open dispute on it. */
  readonly disputedOrderId: string;
  /** An active payment link. */
  readonly linkId: string;
  /** A pending refund of {@link World.orderId}. */
  readonly refundId: string;
  /** An open dispute of {@link World.disputedOrderId}. */
  readonly disputeId: string;
  /** A webhook endpoint (an in-process receiver that answers 500, so its deliveries stay pending). */
  readonly endpointId: string;
  /** A pending delivery to {@link World.endpointId}. */
  readonly deliveryId: string;
  /** The customer of {@link World.orderId}. */
  readonly customerId: string;
  /** The payment method that paid {@link World.orderId}. */
  readonly paymentMethodId: string;
  /** A trialing subscription of {@link World.customerId}, created through the API. */
  readonly subscriptionId: string;
  /** The first test-mode event. */
  readonly eventId: string;
  /** An order paid with the authorizing test card: `processing`, its payment `authorized`. */
  readonly authorizedOrderId: string;
}

/** Fills the service behind `harness` with one test-mode object of every kind and answers their ids. */
export async function buildWorld(harness: Harness): Promise<World> {
  const { service, request } = harness;
  const endpoint = await service.registerWebhookEndpoint({
    handler: () => new Response('down', { status: 500 }),
    events: ['*'],
  });
  const product = Product.parse(
    (await request('POST', '/api/v2/products', { body: eligibleProduct() })).body,
  );
  await request('POST', '/api/v2/products', { body: regularProduct() });
  const open = await request('POST', '/api/v2/checkout', { body: checkoutRequest(['sku-ibuprofen']) });
  const order = await paidOrder(harness, ['sku-ibuprofen', 'sku-tissue']);
  const disputed = await paidOrder(harness, ['sku-tissue']);
  const link = PaymentLink.parse(
    (await request('POST', '/v2/payment-links', { body: paymentLinkRequest() })).body,
  );
  const refund = Refund.parse(
    (
      await request('POST', '/api/v2/refunds', {
        body: { order_id: order.id, amount_cents: 100, reason: 'other' },
      })
    ).body,
  );
  const dispute = await service.openDispute(disputed.id);
  const customerId = order.customer.id ?? '';
  const paymentMethodId = order.payment?.payment_method_id ?? '';
  const subscription = Subscription.parse(
    (
      await request('POST', '/v2/subscriptions', {
        body: subscriptionRequest(customerId, paymentMethodId, { trial_period_days: 30 }),
      })
    ).body,
  );
  const authorized = await paidOrder(harness, ['sku-tissue'], {}, { card_number: '4000000000000200' });
  await service.flushWebhooks();
  const [delivery] = service.deliveries({ endpointId: endpoint.id });
  if (delivery === undefined) throw new Error('buildWorld: the endpoint got no delivery.');
  return {
    productId: product.id,
    openCheckoutId: CheckoutSessionEnvelope.parse(open.body).data.checkout_id,
    orderId: order.id,
    disputedOrderId: disputed.id,
    linkId: link.id,
    refundId: refund.id,
    disputeId: dispute.id,
    endpointId: endpoint.id,
    deliveryId: delivery.id,
    customerId,
    paymentMethodId,
    subscriptionId: subscription.id,
    eventId: service.events({ mode: 'test' })[0]?.id ?? '',
    authorizedOrderId: authorized.id,
  };
}

/** Bodies that pass validation where `{}` does not, so that an unknown id reaches the lookup. */
export const MINIMAL_BODIES: Readonly<Record<string, unknown>> = {
  '/test_helpers/disputes/:id/close': { outcome: 'won' },
};

/** Puts the world's ids into a route path (`/orders/:id` and friends); an unknown parameter gets `fallback`. */
export function pathFor(routePath: string, world: World, fallback?: string): string {
  const ids: Record<string, string> = {
    '/products/:id': String(world.productId),
    '/checkout/:id': world.openCheckoutId,
    '/test_helpers/checkout/:id': world.openCheckoutId,
    '/orders/:id': world.orderId,
    '/test_helpers/orders/:id': world.orderId,
    '/payment-links/:id': world.linkId,
    '/test_helpers/payment-links/:id': world.linkId,
    '/refunds/:id': world.refundId,
    '/test_helpers/refunds/:id': world.refundId,
    '/test_helpers/disputes/:id': world.disputeId,
    '/subscriptions/:id': world.subscriptionId,
    '/test_helpers/subscriptions/:id': world.subscriptionId,
    '/test_helpers/webhook_endpoints/:id': world.endpointId,
    '/test_helpers/webhook_deliveries/:id': world.deliveryId,
    '/test_helpers/api_keys/:id': 'key_unknown',
    '/test_helpers/events/:id': world.eventId,
    '/test_helpers/faults/:id': 'flt_unknown',
  };
  // Routes whose target must be in a particular state: the capture and fail of an authorized order.
  const byRoute: Record<string, string> = {
    '/test_helpers/orders/:id/capture': world.authorizedOrderId,
    '/test_helpers/orders/:id/fail': world.authorizedOrderId,
  };
  const at = routePath.indexOf(':id');
  if (at === -1) return routePath;
  const stem = routePath.slice(0, at + 3);
  const id = fallback ?? byRoute[routePath] ?? ids[stem];
  if (id === undefined) throw new Error(`pathFor: no id for ${routePath}.`);
  return `${routePath.slice(0, at)}${encodeURIComponent(id)}${routePath.slice(at + 3)}`;
}
