import type { PaymentLinkPayResult } from '@glm/domain/test-helpers';
import type { APIPromise } from '../../api-promise.ts';
import { path } from '../../internal/path.ts';
import type { RequestOptions } from '../../request-options.ts';
import type { TestPaymentParams } from './test-resource.ts';
import { TestResource } from './test-resource.ts';

/** Plays the hosted payment-link page, as a shopper would. */
export class TestPaymentLinks extends TestResource {
  /** Pays an `active` link with test card numbers. */
  pay(
    id: string,
    params: TestPaymentParams = {},
    options?: RequestOptions,
  ): APIPromise<PaymentLinkPayResult> {
    return this.send(
      () => path`POST /v2/test_helpers/payment-links/${id}/pay`,
      'PaymentLinkPayResult',
      options,
      params,
    );
  }
}
