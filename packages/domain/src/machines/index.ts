/**
 * The state machines of the service's resources: checkout sessions, payment links, order status,
 * payment status, refunds, disputes, product status, subscriptions and webhook deliveries. Each has a
 * table of legal moves (`…Moves`) and one total `…Transition(state, event)` that returns the next state
 * and its effects as data, or a refusal with a code. None throws and none reads the clock: `now` is part
 * of the event.
 *
 * @module @glm/domain/machines
 */

// Shared shapes of every machine (machine.ts's instant helpers are the machines' internals and stay private)

export type {
  CreateOrderEffect,
  EmitEffect,
  EmitWithDataEffect,
  Instant,
  MachineRefusalCode,
  Move,
  Moved,
  OrderCreationEffect,
  Refused,
  SetTimestampEffect,
  Transition,
} from './machine.ts';

// One block per machine

export type {
  CheckoutSessionEffect,
  CheckoutSessionEvent,
  CheckoutSessionState,
  CheckoutSessionTransition,
} from './checkout-session-machine.ts';
export {
  checkoutSessionExpiresAt,
  checkoutSessionMoves,
  checkoutSessionTransition,
} from './checkout-session-machine.ts';
export type { DisputeEffect, DisputeEvent, DisputeState, DisputeTransition } from './dispute-machine.ts';
export { disputeEvidenceDueBy, disputeMoves, disputeTransition } from './dispute-machine.ts';
export type {
  AddStatusHistoryEffect,
  OrderStatusEffect,
  OrderStatusEvent,
  OrderStatusState,
  OrderStatusTransition,
} from './order-status-machine.ts';
export { createOrderStatus, orderStatusMoves, orderStatusTransition } from './order-status-machine.ts';
export type {
  PaymentLinkEffect,
  PaymentLinkEvent,
  PaymentLinkState,
  PaymentLinkTransition,
  SetCancellationReasonEffect,
} from './payment-link-machine.ts';
export {
  isPaymentLinkExpiryAllowed,
  paymentLinkDefaultExpiresAt,
  paymentLinkMoves,
  paymentLinkTransition,
} from './payment-link-machine.ts';
export type {
  PaymentStatusEffect,
  PaymentStatusEvent,
  PaymentStatusState,
  PaymentStatusTransition,
} from './payment-status-machine.ts';
export { paymentStatusMoves, paymentStatusTransition } from './payment-status-machine.ts';
export type {
  ProductStatusEvent,
  ProductStatusState,
  ProductStatusTransition,
} from './product-status-machine.ts';
export { productStatusMoves, productStatusTransition } from './product-status-machine.ts';
export type {
  RefundEffect,
  RefundEvent,
  RefundedPaymentStatus,
  RefundState,
  RefundTransition,
} from './refund-machine.ts';
export { refundMoves, refundTransition } from './refund-machine.ts';
export type {
  SubscriptionEffect,
  SubscriptionEvent,
  SubscriptionStart,
  SubscriptionState,
  SubscriptionTransition,
} from './subscription-machine.ts';
export {
  addInterval,
  startSubscription,
  subscriptionDueAt,
  subscriptionMoves,
  subscriptionTransition,
  subscriptionTrialEndingAt,
} from './subscription-machine.ts';
export type {
  WebhookDeliveryEffect,
  WebhookDeliveryEvent,
  WebhookDeliveryState,
  WebhookDeliveryTransition,
} from './webhook-delivery-machine.ts';
export {
  startWebhookDelivery,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_SCHEDULE_MS,
  webhookDeliveryMoves,
  webhookDeliveryTransition,
} from './webhook-delivery-machine.ts';
