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
 * code does when the service fails. Test helpers themselves are never faulted.
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
   */
  create(params: FaultRuleCreateParams, options?: RequestOptions): APIPromise<FaultRule> {
    return this.send('POST', '/v2/test_helpers/faults', 'FaultRule', options, params);
  }

  /** Every rule in force, oldest first, with the times each has left. */
  list(options?: RequestOptions): APIPromise<FaultRuleList> {
    return this.send('GET', '/v2/test_helpers/faults', 'FaultRuleList', options);
  }

  /** Removes one rule; the answer is the rule as it stood. */
  delete(id: string, options?: RequestOptions): APIPromise<FaultRule> {
    return this.send('DELETE', () => path`/v2/test_helpers/faults/${id}`, 'FaultRule', options);
  }

  /** Removes every rule; the answer says how many there were. */
  clear(options?: RequestOptions): APIPromise<FaultRulesCleared> {
    return this.send('DELETE', '/v2/test_helpers/faults', 'FaultRulesCleared', options);
  }
}
