import {
  type CheckoutCancelledMessage,
  type CheckoutCompletedMessage,
  type CheckoutErrorMessage,
  type CheckoutResizeMessage,
  parseCheckoutMessage,
} from './checkout-message.ts';

/** Callbacks for the embedded checkout's messages. Each is optional. */
export interface CheckoutHandlers {
  /** The shopper paid. Confirm the order server-side (webhook or `orders.get`) before fulfilling. */
  readonly onCompleted?: (message: CheckoutCompletedMessage) => void;
  /** The shopper cancelled. */
  readonly onCancelled?: (message: CheckoutCancelledMessage) => void;
  /** The hosted page reported an error. */
  readonly onError?: (message: CheckoutErrorMessage) => void;
  /** The hosted page's height changed. */
  readonly onResize?: (message: CheckoutResizeMessage) => void;
  /** Called for every message that was ignored, with why (for debugging; nothing is logged otherwise). */
  readonly debug?: (reason: 'origin' | 'source' | 'shape', event: MessageEvent) => void;
}

/** Options of {@link listenToCheckout}. */
export interface ListenToCheckoutOptions extends CheckoutHandlers {
  /** The hosted checkout's origin, such as `https://checkout.example.com`, compared exactly with `event.origin`. */
  readonly checkoutOrigin: string;
  /** The iframe showing the checkout: when given, only messages from its window are accepted. */
  readonly iframe?: { readonly contentWindow: Window | null };
  /** The window to listen on. Default: the global `window`. */
  readonly window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Listens for the embedded checkout's messages. A message is accepted only when
 * `event.origin` equals `checkoutOrigin` exactly (no prefix, suffix, scheme or port tolerance), when it
 * comes from `iframe`'s window (if given) and when its shape is one of the four messages; anything else
 * is ignored silently.
 *
 * @returns a function that stops listening.
 * @throws TypeError when `checkoutOrigin` is not an `http(s)` origin (for example it has a path or is `null`).
 *
 * @example
 * const stop = listenToCheckout({
 *   checkoutOrigin: 'https://checkout.example.com',
 *   iframe,
 *   onCompleted: ({ order_id }) => showThanks(order_id),
 * });
 */
export function listenToCheckout(options: ListenToCheckoutOptions): () => void {
  const { checkoutOrigin, iframe, debug } = options;
  let origin: string | undefined;
  try {
    origin = new URL(checkoutOrigin).origin;
  } catch {}
  if (origin !== checkoutOrigin || !/^https?:/.test(origin)) {
    throw new TypeError(
      `checkoutOrigin must be an origin like https://checkout.example.com, got "${checkoutOrigin}"`,
    );
  }
  const target = options.window ?? window;
  const listener = (event: MessageEvent): void => {
    const reason =
      event.origin !== origin
        ? 'origin'
        : // A missing contentWindow (iframe detached) must not let a `source: null` message through.
          iframe && (!iframe.contentWindow || event.source !== iframe.contentWindow)
          ? 'source'
          : undefined;
    const message = reason ? undefined : parseCheckoutMessage(event.data);
    if (!message) debug?.(reason ?? 'shape', event);
    else if (message.type === 'checkout.completed') options.onCompleted?.(message);
    else if (message.type === 'checkout.cancelled') options.onCancelled?.(message);
    else if (message.type === 'checkout.error') options.onError?.(message);
    else options.onResize?.(message);
  };
  target.addEventListener('message', listener);
  return () => target.removeEventListener('message', listener);
}
