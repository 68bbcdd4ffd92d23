import { ok } from '@glm/domain';
import { ClockAdvanceRequest } from '@glm/domain/test-helpers';
import { defineOperation } from '../define-operation.ts';

/** Moves the virtual clock forward and runs everything that falls due on the way. */
export const advanceClock = defineOperation({
  endpoint: {
    operationId: 'testAdvanceClock',
    success: { description: 'The new time.' },
  },
  input: ClockAdvanceRequest,
  rules: 'test_helpers.clock.advance',
  run({ engine }, input) {
    engine.advance(input.seconds * 1000);
    return ok({ now: engine.nowIso() });
  },
});
