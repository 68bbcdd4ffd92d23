import type {
  Merchant,
  MerchantCreateRequest,
  MerchantDeleted,
  MerchantWithKeys,
} from '@glm/domain/test-helpers';
import type { APIPromise } from '../../api-promise.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The body of {@link TestMerchants.create}: an optional name (one is made up otherwise). */
export type MerchantCreateParams = MerchantCreateRequest;

/**
 * Merchants of the reference server. Each is a sandbox of its own on the same server: catalog,
 * checkouts, orders, events, webhooks, idempotency records, rate limits, request journal, fault rules
 * and clock, reached with its own keys; a reset or a clock move with its key touches nothing else. Give
 * each parallel suite (a Playwright worker, a CI job) its own merchant instead of its own server.
 */
export class TestMerchants extends TestResource {
  /**
   * Creates a merchant; the answer is the only place its keys and webhook secret appear. Past the
   * server's limit of merchants the call fails with `507 storage_full`.
   *
   * @example
   * const merchant = await glm.testHelpers.merchants.create({ name: `worker ${workerIndex}` });
   * const mine = new Glm({ apiKey: merchant.keys.test, baseUrl });
   */
  create(params: MerchantCreateParams = {}, options?: RequestOptions): APIPromise<MerchantWithKeys> {
    return this.send('POST /v2/test_helpers/merchants', 'MerchantWithKeys', options, params);
  }

  /** The merchant of the client's key (no keys or secrets). */
  current(options?: RequestOptions): APIPromise<Merchant> {
    return this.send('GET /v2/test_helpers/merchants/current', 'Merchant', options);
  }

  /**
   * Removes the merchant of the client's key, its objects and its keys (the client's key stops
   * working). The server's first merchant cannot be removed: `409 conflict`.
   */
  deleteCurrent(options?: RequestOptions): APIPromise<MerchantDeleted> {
    return this.send('DELETE /v2/test_helpers/merchants/current', 'MerchantDeleted', options);
  }
}
