import { ok } from '@glm/domain';
import { ClockSetRequest } from '@glm/domain/test-helpers';
import { refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';

/**
 * Moves the clock to an instant (not earlier than the clock) and runs everything that falls due on the
 * way, in time order, as advancing does.
 */
export const setClock = defineOperation({
  endpoint: {
    operationId: 'testSetClock',
    description:
      'The instant must not be earlier than the clock (`422 validation_error` naming `now`); what falls ' +
      'due on the way happens in time order, as when advancing.',
    success: { description: 'The new time.' },
  },
  input: ClockSetRequest,
  rules: 'test_helpers.clock.set',
  run({ engine }, input) {
    const target = new Date(input.now);
    if (target.getTime() < engine.now().getTime()) {
      return refusal(
        'validation_error',
        `now must not be earlier than the clock (${engine.nowIso()}); time only moves forward.`,
        { param: 'now' },
      );
    }
    engine.advanceTo(target);
    return ok({ now: engine.nowIso() });
  },
});
