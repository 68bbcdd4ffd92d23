import type { FaultRule, FaultRuleInput, FaultRuleList, FaultRulesCleared } from '@glm/domain/test-helpers';
import type { APIPromise } from '../../api-promise.ts';
import { path } from '../../internal/path.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The body of {@link TestFaults.create}: which requests, what happens, how many times, how likely. */
export type FaultRuleCreateParams = FaultRuleInput;

/**
 * Fault rules of the reference server: test-mode API requests a rule matches are answered with an
 * error status, a dropped or held connection, a cut body or a delay, so a suite can prove what its
 * code does when the service fails. Test helpers themselves are never faulted. A rule with
 * `match.webhook` alters webhook delivery attempts instead (a forged, stale or missing signature, a
 * secret that is not the endpoint's, a wrong or missing bearer, a lost or held attempt); the retries
 * after the altered attempts are genuine, so a suite proves its receiver refuses forgeries and still
 * processes each event once.
 */
export class TestFaults extends TestResource {
  /**
   * Adds a rule (by default it strikes once, before the operation).
   *
   * @example
   * await glm.testHelpers.faults.create({
   *   match: { method: 'POST', path: '/v2/checkout' },
   *   fault: { status: 503 },
   * });
   * // The next order.completed delivery is signed an hour ago; the retry 30 seconds later is genuine.
   * await glm.testHelpers.faults.create({
   *   match: { webhook: { event_type: 'order.completed' } },
   *   fault: { signature: 'stale' },
   * });
   */
  create(params: FaultRuleCreateParams, options?: RequestOptions): APIPromise<FaultRule> {
    return this.send('POST /v2/test_helpers/faults', 'FaultRule', options, params);
  }

  /** Every rule in force, oldest first, with the times each has left. */
  list(options?: RequestOptions): APIPromise<FaultRuleList> {
    return this.send('GET /v2/test_helpers/faults', 'FaultRuleList', options);
  }

  /** Removes one rule; the answer is the rule as it stood. */
  delete(id: string, options?: RequestOptions): APIPromise<FaultRule> {
    return this.send(() => path`DELETE /v2/test_helpers/faults/${id}`, 'FaultRule', options);
  }

  /** Removes every rule; the answer says how many there were. */
  clear(options?: RequestOptions): APIPromise<FaultRulesCleared> {
    return this.send('DELETE /v2/test_helpers/faults', 'FaultRulesCleared', options);
  }
}
