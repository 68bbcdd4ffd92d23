import { ok } from '@glm/domain';
import { defineOperation } from '../define-operation.ts';

/** The virtual clock's time. */
export const readClock = defineOperation({
  run: ({ engine }) => ok({ now: engine.nowIso() }),
});
