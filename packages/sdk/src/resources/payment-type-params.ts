import type { SubscriptionInterval, SubscriptionRequest } from '@glm/domain';
import type { z } from 'zod';

/** The subscription settings of a subscription link or checkout: `interval` is required. */
type SubscriptionSettingsParams = z.input<typeof SubscriptionRequest> & {
  readonly interval: SubscriptionInterval;
};

/**
 * A request body whose `payment_type` decides its `subscription` settings, as the service checks
 * them: a one-time body (`payment_type` omitted or `'one_time'`) carries none, and a
 * `payment_type: 'subscription'` body must carry them, with an `interval`. Either mistake is a compile
 * error instead of a `422`.
 */
export type ByPaymentType<Body extends { readonly payment_type?: unknown; readonly subscription?: unknown }> =
  | (Omit<Body, 'payment_type' | 'subscription'> & {
      readonly payment_type?: 'one_time' | undefined;
      readonly subscription?: undefined;
    })
  | (Omit<Body, 'payment_type' | 'subscription'> & {
      readonly payment_type: 'subscription';
      readonly subscription: SubscriptionSettingsParams;
    });
