import type { Mode } from '@glm/domain';
import type { Store } from '../../core/store/store.ts';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

const httpUrl = (value: string | undefined): string | undefined => {
  if (value === undefined || !URL.canParse(value)) return undefined;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:' ? value : undefined;
};

/**
 * The `metadata.webhook_url` of the checkout an event belongs to: found through
 * `data.checkout_id` (checkout, payment and order events) or `data.order_id` (refunds, disputes,
 * subscription payments) and the order's `checkout_id`. Answers `undefined` when there is none or it is
 * not an http(s) URL.
 */
export function webhookUrlOf(
  store: Store,
  mode: Mode,
  data: Readonly<Record<string, unknown>>,
): string | undefined {
  const objects = store.modes[mode];
  const orderId = text(data['order_id']);
  const checkoutId =
    text(data['checkout_id']) ??
    (orderId === undefined ? undefined : text(objects.orders.get(orderId)?.checkout_id));
  if (checkoutId === undefined) return undefined;
  return httpUrl(text(objects.checkouts.get(checkoutId)?.session.metadata?.['webhook_url']));
}
