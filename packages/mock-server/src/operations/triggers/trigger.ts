import { type EventType, ok } from '@glm/domain';
import { TriggerRequest, type TriggerResult } from '@glm/domain/test-helpers';
import type { ServiceEvent } from '../../core/events/event-log.ts';
import { type Outcome, refusal } from '../../core/outcome.ts';
import { rehearse } from '../../core/rehearsal.ts';
import { defineOperation } from '../define-operation.ts';
import type { OperationContext } from '../operation-context.ts';
import { createFlowStep, FlowStopped } from './flow-step.ts';
import { TRIGGER_FLOWS, type TriggerFlow } from './trigger-flows.ts';
import { planTrigger, type TriggerPlan } from './trigger-plan.ts';

/** Whether an event's data is about the object with this id (its `id`, or a session's `checkout_id`). */
const isAbout = (data: Readonly<Record<string, unknown>>, subject: string | number): boolean =>
  data['id'] === subject || data['checkout_id'] === subject;

/** A trigger ready to run: its event type, its flow, its plan and the tag of the objects it makes. */
interface PlannedTrigger {
  readonly type: EventType;
  readonly flow: TriggerFlow;
  readonly plan: TriggerPlan;
  readonly tag: string;
}

/**
 * Runs a planned flow on `context` and answers the trigger's result, or the refusal that stopped it:
 * a refused request, an override of a request the flow did not make (its objects were given), or an
 * event that did not come (an existing object in the wrong state).
 */
function runFlow(context: OperationContext, trigger: PlannedTrigger): Outcome<TriggerResult> {
  const { type, flow, plan, tag } = trigger;
  const emitted: ServiceEvent[] = [];
  const unsubscribe = context.engine.events.subscribe((event, mode) => {
    if (mode === context.mode) emitted.push(event);
  });
  const step = createFlowStep({
    context,
    overrides: plan.overrides,
    objects: plan.objects,
    tag,
    decline: plan.decline,
  });
  try {
    const subject = flow.run(step);
    for (const [request, key] of plan.keys) {
      if (!step.sent.has(request)) {
        return refusal(
          'validation_error',
          `${key} overrides the ${request} request, which this ${type} trigger does not make with the objects given.`,
          { param: `overrides.${key}` },
        );
      }
    }
    const event = emitted.find((candidate) => candidate.type === type && isAbout(candidate.data, subject));
    if (event === undefined) {
      return refusal(
        'conflict',
        `The trigger ran but no ${type} event came for ${subject}: is the object given in a state where it can happen?`,
        { param: 'type' },
      );
    }
    return ok({
      objects: step.madeObjects.map((made) => ({ ...made })),
      event: event as TriggerResult['event'],
      events: emitted as TriggerResult['events'],
    });
  } catch (error) {
    if (error instanceof FlowStopped) return error.refusal;
    throw error;
  } finally {
    unsubscribe();
  }
}

/**
 * Produces an event of `type` (`POST /v2/test_helpers/triggers`): runs the flow that leads to it,
 * making the requests a merchant would (with `overrides` set on their fields) or using the existing
 * `objects` named; a declining flow pays with the test card of the `decline` asked for. Nothing changes unless the whole flow succeeds: the overrides and objects are
 * checked first (`422` naming `overrides.<field>` or `objects.<name>`), then the flow is rehearsed on
 * a copy of the state, and only a rehearsal that produced the event is run for real. Answers the
 * objects made or used, the event, and every event emitted on the way.
 */
export const triggerEvent = defineOperation({
  endpoint: {
    operationId: 'testTriggerEvent',
    description:
      'Runs the requests that lead to the event (creating a product, a checkout session, paying it, refunding it, moving the clock…). `overrides` set fields of those requests by path: `customer.email` patches the main request of the event type, `checkout.customer.email` or `refund.amount_cents` name the request. `objects` name an existing product, customer (whose saved card pays), subscription or order to use instead of making one. An unknown field or a missing object is 422 naming it; nothing changes unless the whole flow succeeds. `glm-mock trigger --list` lists each type with its requests and objects.',
    success: {
      description: 'The objects made or used, the event asked for, and every event emitted on the way.',
    },
  },
  input: TriggerRequest,
  rules: 'test_helpers.trigger',
  creates: true,
  run(context, input) {
    const flow = TRIGGER_FLOWS[input.type];
    const plan = planTrigger(context, input.type, flow, input);
    if (!plan.ok) return plan;
    const trigger = { type: input.type, flow, plan: plan.value, tag: context.engine.token(10) };
    const rehearsal = rehearse(context.engine, (scratch) =>
      runFlow({ ...context, engine: scratch }, trigger),
    );
    if (!rehearsal.ok) return rehearsal;
    return runFlow(context, trigger);
  },
});
