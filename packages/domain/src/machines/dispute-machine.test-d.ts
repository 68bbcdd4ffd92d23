import { expectTypeOf, test } from 'vitest';
import type { DisputeOutcome, DisputeStatus } from '../schemas/statuses.ts';
import {
  type DisputeEffect,
  type DisputeEvent,
  type DisputeState,
  type disputeMoves,
  disputeTransition,
} from './dispute-machine.ts';

declare const state: DisputeState;
declare const event: DisputeEvent;

test('the result narrows on ok to the dispute status and its effects', () => {
  const result = disputeTransition(state, event);
  if (result.ok) {
    expectTypeOf(result.state.status).toEqualTypeOf<DisputeStatus>();
    expectTypeOf(result.effects).toEqualTypeOf<readonly DisputeEffect[]>();
  } else {
    expectTypeOf(result.code).toEqualTypeOf<'conflict' | 'invalid_request'>();
  }
});

test('closing needs an outcome, and the table closes only into outcomes', () => {
  expectTypeOf<Extract<DisputeEvent, { type: 'close' }>['outcome']>().toEqualTypeOf<DisputeOutcome>();
  type CloseTargets = Extract<(typeof disputeMoves)[number], { on: 'close' }>['to'];
  expectTypeOf<CloseTargets>().toEqualTypeOf<DisputeOutcome>();
  // @ts-expect-error needs_response is not an outcome
  disputeTransition(state, { type: 'close', now: '', outcome: 'needs_response' });
});
