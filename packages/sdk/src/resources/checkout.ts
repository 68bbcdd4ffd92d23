import type { CheckoutCreateReference, CheckoutSession, CheckoutSessionEnvelope } from '@glm/domain';
import type { z } from 'zod';
import type { APIPromise } from '../api-promise.ts';
import { path } from '../internal/path.ts';
import type { RequestOptions } from '../request-options.ts';
import type { ByPaymentType } from './payment-type-params.ts';
import { Resource, specOf } from './resource.ts';

/**
 * The body of {@link Checkout.create}: the interface's reference shape, which the SDK sends. A
 * `payment_type: 'subscription'` session needs its `subscription` settings (with `interval`); a
 * one-time session has none.
 */
export type CheckoutCreateParams = ByPaymentType<z.input<typeof CheckoutCreateReference>>;

const unwrap = (envelope: z.output<typeof CheckoutSessionEnvelope>) => ({
  value: envelope.data,
  message: envelope.message,
});

/**
 * Checkout sessions (`/api/v2/checkout`). The service wraps these answers in an envelope (`success`, `message`, `data`, `metadata.request_id`); the
 * methods return the session itself, with the envelope's `message` and `request_id` on the call's `meta` (`.withResponse()`).
 */
export class Checkout extends Resource {
  /** Creates a session; send the customer to its `checkout_url`. */
  create(params: CheckoutCreateParams, options?: RequestOptions): APIPromise<CheckoutSession> {
    const request = () => this.check(specOf('POST /api/v2/checkout', params), options);
    return this.requester.call(request, 'CheckoutSessionEnvelope', options, unwrap);
  }

  /** Fetches a session, e.g. to poll it after a missed webhook. */
  get(id: string, options?: RequestOptions): APIPromise<CheckoutSession> {
    const request = () =>
      this.check(
        specOf(() => path`GET /api/v2/checkout/${id}`),
        options,
      );
    return this.requester.call(request, 'CheckoutSessionEnvelope', options, unwrap);
  }
}
