/**
 * Embed the hosted checkout in a page and receive its messages safely: exact origin and source checks,
 * hand-validated message shapes, no dependencies (budget 1.5 KB min+gzip).
 *
 * @module @glm/sdk/embed
 */
export type {
  CheckoutCancelledMessage,
  CheckoutCompletedMessage,
  CheckoutErrorMessage,
  CheckoutMessage,
  CheckoutResizeMessage,
} from './checkout-message.ts';
export { parseCheckoutMessage } from './checkout-message.ts';
export type { CheckoutHandlers, ListenToCheckoutOptions } from './listen-to-checkout.ts';
export { listenToCheckout } from './listen-to-checkout.ts';
export type { MountCheckoutOptions, MountedCheckout } from './mount-checkout.ts';
export { mountCheckout } from './mount-checkout.ts';
