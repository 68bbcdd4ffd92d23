import { z } from 'zod';
import { ErrorCode } from '../errors/error-code.ts';
import { lazySchema } from './lazy-schema.ts';
import { openEnum } from './open-enum.ts';

/**
 * A window message the embedded checkout posts to its host page, discriminated on
 * `type`. Unknown fields are dropped; a message of any other type does not parse, since a host page
 * receives other windows' messages too. Receivers check `event.origin` against the hosted checkout
 * origin before parsing.
 *
 * @example
 * window.addEventListener('message', (event) => {
 *   if (event.origin !== checkoutOrigin) return;
 *   const message = CheckoutMessage.safeParse(event.data);
 *   if (message.success && message.data.type === 'checkout.completed') showOrder(message.data.order_id);
 * });
 */
export const CheckoutMessage = lazySchema(() => {
  const SessionId = z.string().min(1);

  /** `checkout.completed`: the shopper paid and the order exists. */
  const CheckoutCompletedMessage = z.object({
    type: z.literal('checkout.completed'),
    checkout_id: SessionId,
    order_id: z.string().min(1),
  });

  /** `checkout.cancelled`: the shopper left without paying; the session stays open. */
  const CheckoutCancelledMessage = z.object({
    type: z.literal('checkout.cancelled'),
    checkout_id: SessionId,
  });

  /**
   * `checkout.error`: the hosted page hit an error it shows the shopper. `error`
   * is `{code, message}` as in API error bodies; `code` is open.
   */
  const CheckoutErrorMessage = z.object({
    type: z.literal('checkout.error'),
    checkout_id: SessionId,
    error: z.object({ code: openEnum(ErrorCode), message: z.string() }),
  });

  /** `checkout.resize`: the hosted page's content height in CSS pixels, to size the iframe. */
  const CheckoutResizeMessage = z.object({
    type: z.literal('checkout.resize'),
    height: z.number().nonnegative().lt(1_000_000),
  });

  return z.discriminatedUnion('type', [
    CheckoutCompletedMessage,
    CheckoutCancelledMessage,
    CheckoutErrorMessage,
    CheckoutResizeMessage,
  ]);
});
/** A window message the embedded checkout posts to its host page. */
export type CheckoutMessage = z.infer<typeof CheckoutMessage>;
