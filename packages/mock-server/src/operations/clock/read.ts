import { ok } from '@glm/domain';
import { defineOperation } from '../define-operation.ts';

/** The virtual clock's time. */
export const readClock = defineOperation({
  endpoint: {
    operationId: 'testGetClock',
    success: { description: 'The current time.' },
  },
  run: ({ engine }) => ok({ now: engine.nowIso() }),
});
