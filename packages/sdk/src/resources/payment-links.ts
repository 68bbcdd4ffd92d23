import type { PaymentLink, PaymentLinkCancel, PaymentLinkCreate, PaymentLinkListQuery } from '@glm/domain';
import type { z } from 'zod';
import type { APIPromise } from '../api-promise.ts';
import { path } from '../internal/path.ts';
import type { PagePromise } from '../pagination.ts';
import type { RequestOptions } from '../request-options.ts';
import type { ByPaymentType } from './payment-type-params.ts';
import { Resource } from './resource.ts';

/**
 * The body of {@link PaymentLinks.create}. A `payment_type: 'subscription'` link needs its
 * `subscription` settings (with `interval`); a one-time link has none.
 */
export type PaymentLinkCreateParams = ByPaymentType<z.input<typeof PaymentLinkCreate>>;
/** The body of {@link PaymentLinks.cancel}: an optional reason of at most 500 characters. */
export type PaymentLinkCancelParams = z.input<typeof PaymentLinkCancel>;
/** The filters and page size of {@link PaymentLinks.list}. */
export type PaymentLinkListParams = Partial<PaymentLinkListQuery>;

/** Payment links (`/v2/payment-links`). */
export class PaymentLinks extends Resource {
  /** Creates a link, payable once or as a subscription, in status `active`. */
  create(params: PaymentLinkCreateParams, options?: RequestOptions): APIPromise<PaymentLink> {
    return this.send('POST /v2/payment-links', 'PaymentLink', options, params);
  }

  /** Fetches one link. */
  get(id: string, options?: RequestOptions): APIPromise<PaymentLink> {
    return this.send(() => path`GET /v2/payment-links/${id}`, 'PaymentLink', options);
  }

  /** Lists links, newest first; iterate the result with `for await` to walk every page. */
  list(params: PaymentLinkListParams = {}, options?: RequestOptions): PagePromise<PaymentLink, string> {
    return this.pages<PaymentLink, string>('/v2/payment-links', params, 'PaymentLinkList', options);
  }

  /** Cancels an `active` link; any other status is a `400 invalid_state`. */
  cancel(
    id: string,
    params: PaymentLinkCancelParams = {},
    options?: RequestOptions,
  ): APIPromise<PaymentLink> {
    return this.send(() => path`POST /v2/payment-links/${id}/cancel`, 'PaymentLink', options, params);
  }
}
