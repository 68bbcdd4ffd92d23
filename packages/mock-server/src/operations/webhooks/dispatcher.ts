import type { Mode, WebhookDelivery } from '@glm/domain';
import { webhookDeliveryTransition } from '@glm/domain/machines';
import type { Engine } from '../../core/engine.ts';
import { type DeliveryFault, signedHeaders } from './delivery-faults.ts';
import type { DeliveryLog } from './delivery-log.ts';
import { type DeliveryRecord, deliveryView } from './delivery-record.ts';
import type { EndpointRegistry } from './endpoint-registry.ts';
import { createConcurrencyGate } from './transport/concurrency-gate.ts';
import { type AttemptOutcome, sendWebhook, type WebhookTransport } from './transport/send-webhook.ts';
import { WEBHOOK_USER_AGENT } from './transport/user-agent.ts';
import type { ResolvedWebhookOptions } from './webhook-options.ts';

/** Why a resend is refused: no such delivery, its endpoint is gone, or the machine's refusal. */
export type ResendRefusal =
  | { readonly reason: 'not_found' | 'endpoint_deleted' }
  | { readonly reason: 'refused'; readonly message: string };

/**
 * Attempts deliveries and schedules their retries: each attempt runs concurrently and independently
 * (at most so many at once per endpoint), so one slow endpoint delays nobody else; the domain's
 * machine decides delivered, the next due time or failed, and retries are jobs on the server clock.
 */
export interface Dispatcher {
  /** Attempts a delivery now; resolves once its outcome is recorded. */
  attempt(record: DeliveryRecord): Promise<void>;
  /** Schedules a pending delivery's next attempt at its due time. */
  schedule(record: DeliveryRecord): void;
  /**
   * Runs what is due until no attempt is in flight (at most the attempt timeout per round); `before`
   * runs at the start of every round. Stops early when the dispatcher is reset meanwhile.
   */
  settle(before: () => void): Promise<void>;
  /** Attempts a delivered or failed delivery once more, now, and answers it after the attempt. */
  resend(
    mode: Mode,
    id: string,
  ): Promise<{ ok: true; delivery: WebhookDelivery } | ({ ok: false } & ResendRefusal)>;
  /** Forgets every attempt in flight: they finish unrecorded, and their retries are not scheduled. */
  reset(): void;
}

const refusedAttempt = (error: string): AttemptOutcome => ({
  delivered: false,
  statusCode: null,
  responseBody: null,
  error,
  durationMs: 0,
});

/** Builds the {@link Dispatcher} of a service's deliveries. */
export function createDispatcher(
  engine: Engine,
  endpoints: EndpointRegistry,
  log: DeliveryLog,
  options: ResolvedWebhookOptions,
): Dispatcher {
  let generation = 0;
  const inFlight = new Set<Promise<void>>();
  const gate = createConcurrencyGate(options.maxConcurrentPerEndpoint);

  const target = (
    record: DeliveryRecord,
  ): { transport: WebhookTransport; secret: string } | { refusal: string; final: boolean } => {
    if (record.endpointId === null) {
      return { transport: { kind: 'http', url: record.url }, secret: endpoints.defaultSecret(record.mode) };
    }
    const endpoint = endpoints.get(record.mode, record.endpointId);
    if (endpoint === undefined)
      return { refusal: 'The endpoint was deleted; nothing was sent.', final: true };
    if (endpoint.disabled) return { refusal: 'The endpoint is disabled; nothing was sent.', final: false };
    return { transport: endpoint.transport, secret: endpoint.secret };
  };

  const send = async (
    record: DeliveryRecord,
    number: number,
    reached: { transport: WebhookTransport; secret: string },
    fault: DeliveryFault | undefined,
  ) => {
    const started = generation;
    return gate.run(record.endpointId ?? `url:${record.url}`, async () => {
      // A reset while this attempt waited for its turn at the endpoint: nothing is sent.
      if (started !== generation)
        return refusedAttempt('The service was reset before this attempt was sent.');
      return sendWebhook(reached.transport, {
        headers: {
          // Signed with the sender's wall clock at the moment of sending, never the virtual clock: a
          // receiver checks `t` against its own real clock, also after the test clock moved days ahead.
          // A fault rule that caught the attempt alters these two headers.
          ...(await signedHeaders(reached.secret, record.body, Math.floor(Date.now() / 1000), fault?.plan)),
          'x-webhook-id': record.event.id,
          'x-webhook-attempt': String(number),
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
        },
        body: record.body,
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
    });
  };

  const schedule = (record: DeliveryRecord): void => {
    const due = record.machine.next_attempt_at;
    if (record.machine.status !== 'pending' || due === null) return;
    const started = generation;
    engine.schedule(Date.parse(due), () => {
      if (started === generation && record.machine.next_attempt_at === due && !record.inFlight)
        void attempt(record);
    });
  };

  /** The fault rule that alters this attempt, if any (asked once per attempt). */
  const faultOf = (record: DeliveryRecord): DeliveryFault | undefined =>
    options.faults(record.mode, { endpoint: record.endpointId, eventType: record.event.type });

  /**
   * Holds an attempt a fault delays on the service clock: it runs when the clock passes the delay,
   * still the same attempt, with the rest of the fault.
   */
  const hold = (record: DeliveryRecord, fault: DeliveryFault): void => {
    const started = generation;
    engine.schedule(engine.clockNow().getTime() + fault.plan.delayMs, () => {
      if (started === generation) void attempt(record, { ...fault, plan: { ...fault.plan, delayMs: 0 } });
    });
  };

  /**
   * One attempt; the domain machine decides delivered, the next due time, or failed. A fault rule may
   * alter it (`held`: the fault of an attempt it held, which runs now): a dropped attempt sends nothing
   * and fails; the record names the rule.
   */
  const attempt = (record: DeliveryRecord, held?: DeliveryFault): Promise<void> => {
    const started = generation;
    // The attempt's recorded time is the server clock when it starts, which schedules the next attempt;
    // the signature's t is the wall clock (see send).
    const at = engine.clockNow().getTime();
    const number = record.attempts.length + 1;
    record.inFlight = true;
    const run = async (): Promise<void> => {
      const reached = target(record);
      const fault = 'refusal' in reached ? undefined : (held ?? faultOf(record));
      if (fault !== undefined && fault.plan.delayMs > 0) {
        hold(record, fault);
        return;
      }
      const outcome =
        'refusal' in reached
          ? refusedAttempt(reached.refusal)
          : fault?.plan.drop === true
            ? refusedAttempt(`Dropped by fault rule ${fault.id}: the attempt never reached the receiver.`)
            : await send(record, number, reached, fault);
      if (started !== generation) return;
      record.inFlight = false;
      const attemptedAt = new Date(at).toISOString();
      log.recordAttempt(record, {
        attempt: number,
        attempted_at: attemptedAt,
        status_code: outcome.statusCode,
        duration_ms: outcome.durationMs,
        response_body: outcome.responseBody,
        error: outcome.error,
        ...(fault === undefined ? {} : { fault: fault.id }),
      });
      const moved = webhookDeliveryTransition(record.machine, {
        type: 'attempt',
        now: attemptedAt,
        // A 200 whose body did not arrive in time is not a 200 that counts.
        response_status: outcome.delivered ? 200 : outcome.statusCode === 200 ? null : outcome.statusCode,
      });
      // Refused only if this attempt was not due, which the scheduling above rules out; fail loudly in the record.
      log.move(
        record,
        moved.ok
          ? moved.state
          : { status: 'failed', attempts: record.machine.attempts, next_attempt_at: null },
      );
      schedule(record);
      log.changed(record);
    };
    const promise = run().finally(() => inFlight.delete(promise));
    inFlight.add(promise);
    return promise;
  };

  return {
    attempt,
    schedule,
    async settle(before) {
      const started = generation;
      // Until a round starts nothing: a retry whose due time passed while its attempt ran is due now.
      for (;;) {
        before();
        engine.runDue();
        if (inFlight.size === 0 || started !== generation) break;
        await Promise.allSettled([...inFlight]);
      }
    },
    async resend(mode, id) {
      const record = log.get(mode, id);
      if (record === undefined) return { ok: false, reason: 'not_found' } as const;
      if (record.endpointId !== null && endpoints.get(mode, record.endpointId) === undefined) {
        return { ok: false, reason: 'endpoint_deleted' } as const;
      }
      const moved = webhookDeliveryTransition(record.machine, {
        type: 'resend',
        now: engine.clockNow().toISOString(),
      });
      if (!moved.ok || record.inFlight) {
        const message = moved.ok ? 'An attempt of this delivery is running.' : moved.message;
        return { ok: false, reason: 'refused', message } as const;
      }
      log.move(record, moved.state);
      await attempt(record);
      return { ok: true, delivery: deliveryView(record) } as const;
    },
    reset() {
      generation += 1;
    },
  };
}
