import type { CheckoutCancelResult, CheckoutPayResult } from '@glm/domain/test-helpers';
import type { APIPromise } from '../../api-promise.ts';
import { path } from '../../internal/path.ts';
import type { RequestOptions } from '../../request-options.ts';
import type { TestPaymentParams } from './test-resource.ts';
import { TestResource } from './test-resource.ts';

/** Plays the hosted checkout page: pay or cancel a session, as a shopper would. */
export class TestCheckout extends TestResource {
  /** Pays an `open` session with test card numbers; a decline leaves it open and `order` null. */
  pay(id: string, params: TestPaymentParams = {}, options?: RequestOptions): APIPromise<CheckoutPayResult> {
    return this.send(
      () => path`POST /v2/test_helpers/checkout/${id}/pay`,
      'CheckoutPayResult',
      options,
      params,
    );
  }

  /** Plays the shopper's cancel: the session stays open, and the page would post `checkout.cancelled`. */
  cancel(id: string, options?: RequestOptions): APIPromise<CheckoutCancelResult> {
    return this.send(
      () => path`POST /v2/test_helpers/checkout/${id}/cancel`,
      'CheckoutCancelResult',
      options,
      {},
    );
  }
}
