import { ok } from '@glm/domain';
import { FaultRuleCreate } from '@glm/domain/test-helpers';
import { noSuch } from '../../../core/outcome.ts';
import { idOf } from '../../../operations/endpoint-doc.ts';
import { controlEndpoint } from '../../control-endpoint.ts';
import type { Endpoint } from '../../endpoint.ts';

const ruleId = { id: idOf('fault rule', 'flt_') };

/**
 * Test-helper fault rules: add one (which requests, what happens, how many times, how likely), list
 * them, remove one or all. Test helpers themselves are never faulted.
 */
export const faultEndpoints: readonly Endpoint[] = [
  controlEndpoint({
    operationId: 'testCreateFaultRule',
    input: FaultRuleCreate,
    run: (controls, rule) => ok(controls.faults.add(rule)),
    doc: {
      description:
        'Test-mode API requests the rule matches are faulted, oldest rule first, `times` times (null: ' +
        'until removed), each with `probability` drawn from the server’s seeded random source. ' +
        '`when: before` answers instead of the operation (nothing changes, no idempotency record); ' +
        '`when: after` runs and commits it, then replaces its answer (a retry with the same ' +
        'Idempotency-Key replays the original). Test helpers, `/openapi.json`, `/healthz`, hosted pages ' +
        'and the dashboard are never faulted; a request that matched no endpoint (404, 405) neither. ' +
        'A rule with `match.webhook` (`endpoint`, `event_type`) alters test-mode webhook delivery attempts ' +
        'instead: `signature` (`invalid`, `stale`: an hour old, `missing`, `wrong_secret`), `bearer` ' +
        '(`invalid`, `missing`), `drop: true` (lost before it reaches the receiver: a failed attempt) or ' +
        '`delay_ms` (held on the service clock). Only the attempts caught are altered: the retries after ' +
        'them are genuine, and the delivery log names the rule on each altered attempt (`fault`).',
      success: { description: 'The rule, with its id and remaining times.' },
    },
  }),
  controlEndpoint({
    operationId: 'testListFaultRules',
    run: (controls) => ok({ data: controls.faults.list() }),
    doc: {
      success: { description: 'Every rule in force.' },
    },
  }),
  controlEndpoint({
    operationId: 'testClearFaultRules',
    run: (controls) => ok({ deleted: controls.faults.clear() }),
    doc: {
      success: { description: 'How many rules were removed.' },
    },
  }),
  controlEndpoint({
    operationId: 'testDeleteFaultRule',
    run(controls, _input, id) {
      const removed = controls.faults.remove(id);
      return removed === undefined ? noSuch('fault rule') : ok(removed);
    },
    doc: {
      pathParameters: ruleId,
      success: { description: 'The removed rule, as it stood.' },
    },
  }),
];
