import { ok } from '@glm/domain';
import type { ClockAdvanceRequest } from '@glm/domain/test-helpers';
import type { Outcome } from '../../core/outcome.ts';
import type { OperationContext } from '../operation-context.ts';

/** The virtual clock's time. */
export function readClock({ engine }: OperationContext): Outcome<{ readonly now: string }> {
  return ok({ now: engine.nowIso() });
}

/** Moves the virtual clock forward and runs everything that falls due on the way. */
export function advanceClock(
  { engine }: OperationContext,
  input: ClockAdvanceRequest,
): Outcome<{ readonly now: string }> {
  engine.advance(input.seconds * 1000);
  return ok({ now: engine.nowIso() });
}
