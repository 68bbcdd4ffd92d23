/** The shopper paid: the order exists. */
export interface CheckoutCompletedMessage {
  /** Message type. */
  readonly type: 'checkout.completed';
  /** The paid session, `cs_…`. */
  readonly checkout_id: string;
  /** The order created by the payment, `ord_…`. */
  readonly order_id: string;
}

/** The shopper left the embedded checkout without paying; the session stays open. */
export interface CheckoutCancelledMessage {
  /** Message type. */
  readonly type: 'checkout.cancelled';
  /** The session, `cs_…`. */
  readonly checkout_id: string;
}

/** The hosted page hit an error it shows to the shopper. */
export interface CheckoutErrorMessage {
  /** Message type. */
  readonly type: 'checkout.error';
  /** The session, `cs_…`. */
  readonly checkout_id: string;
  /** What went wrong, as the API reports errors. */
  readonly error: { readonly code: string; readonly message: string };
}

/** The hosted page's content height changed; size the iframe to it. */
export interface CheckoutResizeMessage {
  /** Message type. */
  readonly type: 'checkout.resize';
  /** Content height in CSS pixels. */
  readonly height: number;
}

/** Every message the embedded checkout posts to its host page. */
export type CheckoutMessage =
  | CheckoutCompletedMessage
  | CheckoutCancelledMessage
  | CheckoutErrorMessage
  | CheckoutResizeMessage;

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isId = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isError = (value: unknown): boolean => {
  if (!isObject(value)) return false;
  const { code, message } = value;
  return typeof code === 'string' && typeof message === 'string';
};

/**
 * Checks a message's shape by hand (no schema library: this entry must stay tiny). Answers the
 * message, or `undefined` for anything that is not exactly one of these four messages.
 */
export function parseCheckoutMessage(data: unknown): CheckoutMessage | undefined {
  if (!isObject(data)) return undefined;
  const { type, checkout_id, order_id, error, height } = data;
  const valid =
    type === 'checkout.resize'
      ? typeof height === 'number' && height >= 0 && height < 1e6
      : isId(checkout_id) &&
        (type === 'checkout.completed'
          ? isId(order_id)
          : type === 'checkout.cancelled' || (type === 'checkout.error' && isError(error)));
  return valid ? (data as unknown as CheckoutMessage) : undefined;
}
