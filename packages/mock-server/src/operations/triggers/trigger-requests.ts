import {
  CheckoutCreateReference,
  PaymentLinkCancel,
  PaymentLinkCreate,
  ProductCreate,
  ProductUpdate,
  RefundCreate,
  SubscriptionCancel,
} from '@glm/domain';
import {
  DisputeCloseRequest,
  DisputeOpenRequest,
  OrderFailRequest,
  TestPaymentRequest,
} from '@glm/domain/test-helpers';
import type { z } from 'zod';

/**
 * The requests a trigger's flow may make, by the name an override uses to patch one
 * (`checkout.customer.email`), with the schema of each: an override must name a field of it.
 */
export const TRIGGER_REQUESTS = {
  /** `POST /v2/products`. */
  product: ProductCreate,
  /** `PUT /v2/products/{id}`. */
  product_update: ProductUpdate,
  /** `POST /v2/checkout`, in the reference shape. */
  checkout: CheckoutCreateReference,
  /** The pay test helper of a checkout session or payment link: the cards, and the payer of a link. */
  payment: TestPaymentRequest,
  /** `POST /v2/payment-links`. */
  payment_link: PaymentLinkCreate,
  /** `POST /v2/payment-links/{id}/cancel`. */
  payment_link_cancel: PaymentLinkCancel,
  /** `POST /v2/refunds`. */
  refund: RefundCreate,
  /** `POST /v2/test_helpers/orders/{id}/dispute`. */
  dispute: DisputeOpenRequest,
  /** `POST /v2/test_helpers/disputes/{id}/close`. */
  dispute_close: DisputeCloseRequest,
  /** `POST /v2/subscriptions/{id}/cancel`. */
  subscription_cancel: SubscriptionCancel,
  /** `POST /v2/test_helpers/orders/{id}/fail`. */
  order_fail: OrderFailRequest,
} as const satisfies Record<string, z.ZodType>;

/** The name of a request a trigger may make. */
export type TriggerRequestName = keyof typeof TRIGGER_REQUESTS;

/**
 * Fields the flow fills from the objects it made or was given, which an override may not change: the
 * order a refund is for (name an existing one with `objects.order`).
 */
export const CHAINED_FIELDS: Readonly<Partial<Record<TriggerRequestName, Readonly<Record<string, string>>>>> =
  {
    refund: { order_id: 'the order the trigger paid, or the one named by objects.order' },
  };
