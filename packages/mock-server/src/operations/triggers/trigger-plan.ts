import { type EventType, ok } from '@glm/domain';
import { type DeclineCode, overrideTarget, type TriggerObjects } from '@glm/domain/test-helpers';
import { type Outcome, refusal } from '../../core/outcome.ts';
import type { OperationContext } from '../operation-context.ts';
import type { ObjectName } from './flow-step.ts';
import type { TriggerFlow } from './trigger-flows.ts';
import { CHAINED_FIELDS, TRIGGER_REQUESTS, type TriggerRequestName } from './trigger-requests.ts';

/** A trigger checked against its flow and the store, before anything changes. */
export interface TriggerPlan {
  /** The overrides of each request: field path and value, in the order given. */
  readonly overrides: ReadonlyMap<TriggerRequestName, readonly (readonly [string, unknown])[]>;
  /** The override key (as given) that first named each request: what a refusal names. */
  readonly keys: ReadonlyMap<TriggerRequestName, string>;
  /** The existing objects, each checked to exist. */
  readonly objects: TriggerObjects;
  /** The decline asked for, checked to be one the flow produces. */
  readonly decline: DeclineCode | undefined;
}

const invalid = (param: string, message: string) => refusal('validation_error', message, { param });

/** Where an override goes: the request its first name names, when it names one of the flow's, else the main request. */
function placeOverride(flow: TriggerFlow, key: string): { request: TriggerRequestName; path: string } {
  const dot = key.indexOf('.');
  const head = dot === -1 ? '' : key.slice(0, dot);
  const named = flow.requests.find((request) => request === head);
  return named === undefined
    ? { request: flow.main, path: key }
    : { request: named, path: key.slice(dot + 1) };
}

/** Whether the object named `id` exists where the trigger would use it; answers what is wrong if not. */
function objectProblem(context: OperationContext, name: ObjectName, id: string | number): string | undefined {
  const { engine, mode } = context;
  const state = engine.store.modes[mode];
  switch (name) {
    case 'product': {
      const product = engine.store.products.get(Number(id));
      if (product === undefined) return `No such product: ${id}.`;
      return product.merchant_product_id === null
        ? `Product ${id} has no merchant_product_id, which a checkout line or a payment link names.`
        : undefined;
    }
    case 'customer':
      return state.customers.has(String(id)) ? undefined : `No such customer in ${mode} mode: ${id}.`;
    case 'subscription':
      return state.subscriptions.has(String(id)) ? undefined : `No such subscription in ${mode} mode: ${id}.`;
    default:
      return state.orders.has(String(id)) ? undefined : `No such order in ${mode} mode: ${id}.`;
  }
}

/** Why a flow cannot produce the decline asked for, or `undefined` when it can (or none was asked for). */
function declineProblem(
  type: EventType,
  flow: TriggerFlow,
  decline: DeclineCode | undefined,
): string | undefined {
  if (decline === undefined || flow.declines?.includes(decline) === true) return undefined;
  if (flow.declines === undefined) {
    return `A ${type} trigger takes no decline: only a trigger whose payment declines does (payment.failed, checkout.failed).`;
  }
  return `A ${type} trigger cannot produce ${decline}; it produces ${flow.declines.join(', ')}.`;
}

/**
 * Checks a trigger before anything changes: each override names a field of one of the requests the
 * flow makes (not a field the flow fills itself), and each object is one the flow takes and exists in
 * the key's mode, and the decline asked for is one the flow produces. Every refusal is
 * `422 validation_error` naming `overrides.<key>`, `objects.<name>` or `decline`.
 */
export function planTrigger(
  context: OperationContext,
  type: EventType,
  flow: TriggerFlow,
  input: {
    readonly overrides?: Readonly<Record<string, unknown>> | undefined;
    readonly objects?: TriggerObjects | undefined;
    readonly decline?: DeclineCode | undefined;
  },
): Outcome<TriggerPlan> {
  const declined = declineProblem(type, flow, input.decline);
  if (declined !== undefined) return invalid('decline', declined);
  const overrides = new Map<TriggerRequestName, (readonly [string, unknown])[]>();
  const keys = new Map<TriggerRequestName, string>();
  const requests = flow.requests.join(', ');
  for (const [key, value] of Object.entries(input.overrides ?? {})) {
    const { request, path } = placeOverride(flow, key);
    const chained = CHAINED_FIELDS[request]?.[path.split('.')[0] ?? ''];
    if (chained !== undefined) {
      return invalid(
        `overrides.${key}`,
        `${key} is set by the trigger (${chained}); it cannot be overridden.`,
      );
    }
    const target = overrideTarget(TRIGGER_REQUESTS[request], path);
    if (!target.ok) {
      return invalid(
        `overrides.${key}`,
        `Unknown field ${key}: the ${request} request of a ${type} trigger has no field ${path} (the requests it makes: ${requests}; without a request name a field is the ${flow.main} request's).`,
      );
    }
    overrides.set(request, [...(overrides.get(request) ?? []), [path, value]]);
    if (!keys.has(request)) keys.set(request, key);
  }
  const objects = input.objects ?? {};
  for (const [name, id] of Object.entries(objects) as [ObjectName, string | number | undefined][]) {
    if (id === undefined) continue;
    if (!flow.objects.includes(name)) {
      const takes = flow.objects.length === 0 ? 'no existing objects' : flow.objects.join(', ');
      return invalid(
        `objects.${name}`,
        `A ${type} trigger does not take an existing ${name} (it takes ${takes}).`,
      );
    }
    const problem = objectProblem(context, name, id);
    if (problem !== undefined) return invalid(`objects.${name}`, problem);
  }
  return ok({ overrides, keys, objects, decline: input.decline });
}
