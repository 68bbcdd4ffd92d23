import type { FaultRule, FaultRuleInput } from '@glm/domain/test-helpers';
import { FaultRuleCreate } from '@glm/domain/test-helpers';
import { valueOrThrow } from '../../core/mock-service-error.ts';
import { noSuch } from '../../core/outcome.ts';
import type { FaultRules } from '../../http/faults/fault-rules.ts';
import { parseInput } from '../../operations/parse-input.ts';

/**
 * The service's fault rules, as `POST`/`GET`/`DELETE /v2/test_helpers/faults` manage them: requests a
 * rule matches (test-mode API requests only) are faulted, oldest rule first, `times` times; a rule with
 * `match.webhook` alters the test-mode webhook delivery attempts it matches instead.
 */
export interface MockFaults {
  /**
   * Adds a rule and answers it with its `flt_…` id; a malformed rule throws `MockServiceError` with the
   * status and body the route would answer.
   *
   * @example
   * mock.faults.add({ match: { method: 'POST', path: '/v2/checkout' }, fault: { status: 503 } });
   * // The next order.completed delivery is signed an hour ago; its retry is genuine.
   * mock.faults.add({ match: { webhook: { event_type: 'order.completed' } }, fault: { signature: 'stale' } });
   */
  add(rule: FaultRuleInput): FaultRule;
  /** Every rule in force, oldest first, with the times each has left. */
  list(): FaultRule[];
  /** Removes a rule by id and answers it; an unknown id throws `MockServiceError` (404). */
  remove(id: string): FaultRule;
  /** Removes every rule; answers how many there were. */
  clear(): number;
}

/** The JavaScript face of an instance's fault rules. */
export function createFaultApi(faults: FaultRules): MockFaults {
  return {
    add: (rule) => faults.add(valueOrThrow(parseInput(FaultRuleCreate, rule, 'test_helpers.fault.create'))),
    list: () => faults.list(),
    remove(id) {
      const removed = faults.remove(id);
      return removed ?? valueOrThrow(noSuch('fault rule'));
    },
    clear: () => faults.clear(),
  };
}
