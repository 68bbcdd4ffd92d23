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

/** Where an attempt goes and what signs it, or why nothing is sent (`final`: never again). */
type Reached = { transport: WebhookTransport; secret: string } | { refusal: string; final: boolean };

/** What a {@link Dispatcher} works with. */
export interface DispatcherParts {
  /** The instance's engine: its clocks and scheduler. */
  readonly engine: Engine;
  /** The registered webhook endpoints and default secrets. */
  readonly endpoints: EndpointRegistry;
  /** The deliveries and their attempts. */
  readonly log: DeliveryLog;
  /** Timeouts, concurrency, fetch and the fault rules. */
  readonly options: ResolvedWebhookOptions;
}

/** What one attempt recorded: its number, when it started, what came back and the fault that altered it. */
interface AttemptResult {
  readonly number: number;
  readonly at: number;
  readonly outcome: AttemptOutcome;
  readonly fault: DeliveryFault | undefined;
}

const refusedAttempt = (error: string): AttemptOutcome => ({
  delivered: false,
  statusCode: null,
  responseBody: null,
  error,
  durationMs: 0,
});

/**
 * Attempts deliveries and schedules their retries: each attempt runs concurrently and independently
 * (at most so many at once per endpoint), so one slow endpoint delays nobody else; the domain's
 * machine decides delivered, the next due time or failed, and retries are jobs on the server clock.
 * A reset starts a new generation: what an older one started finishes unrecorded.
 */
export class Dispatcher {
  readonly #engine: Engine;
  readonly #endpoints: EndpointRegistry;
  readonly #log: DeliveryLog;
  readonly #options: ResolvedWebhookOptions;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #gate: ReturnType<typeof createConcurrencyGate>;
  #generation = 0;

  constructor({ engine, endpoints, log, options }: DispatcherParts) {
    this.#engine = engine;
    this.#endpoints = endpoints;
    this.#log = log;
    this.#options = options;
    this.#gate = createConcurrencyGate(options.maxConcurrentPerEndpoint);
  }

  /**
   * Attempts a delivery now and resolves once its outcome is recorded; the domain machine decides
   * delivered, the next due time, or failed. A fault rule may alter it (`held`: the fault of an attempt
   * it held, which runs now): a dropped attempt sends nothing and fails; the record names the rule.
   */
  attempt(record: DeliveryRecord, held?: DeliveryFault): Promise<void> {
    const started = this.#generation;
    // The attempt's recorded time is the server clock when it starts, which schedules the next attempt;
    // the signature's t is the wall clock (see #send).
    const at = this.#engine.clockNow().getTime();
    const number = record.attempts.length + 1;
    record.inFlight = true;
    const run = async (): Promise<void> => {
      const reached = this.#target(record);
      const fault = 'refusal' in reached ? undefined : (held ?? this.#faultOf(record));
      if (fault !== undefined && fault.plan.delayMs > 0) {
        this.#hold(record, fault);
        return;
      }
      const outcome = await this.#outcomeOf(record, { reached, number, fault });
      if (started === this.#generation) this.#recordAttempt(record, { number, at, outcome, fault });
    };
    const promise = run().finally(() => this.#inFlight.delete(promise));
    this.#inFlight.add(promise);
    return promise;
  }

  /** Schedules a pending delivery's next attempt at its due time. */
  schedule(record: DeliveryRecord): void {
    const due = record.machine.next_attempt_at;
    if (record.machine.status !== 'pending' || due === null) return;
    const started = this.#generation;
    this.#engine.schedule(Date.parse(due), () => {
      if (started === this.#generation && record.machine.next_attempt_at === due && !record.inFlight)
        void this.attempt(record);
    });
  }

  /**
   * Runs what is due until no attempt is in flight (at most the attempt timeout per round); `before`
   * runs at the start of every round. Stops early when the dispatcher is reset meanwhile.
   */
  async settle(before: () => void): Promise<void> {
    const started = this.#generation;
    // Until a round starts nothing: a retry whose due time passed while its attempt ran is due now.
    for (;;) {
      before();
      this.#engine.runDue();
      if (this.#inFlight.size === 0 || started !== this.#generation) break;
      await Promise.allSettled([...this.#inFlight]);
    }
  }

  /** Attempts a delivered or failed delivery once more, now, and answers it after the attempt. */
  async resend(
    mode: Mode,
    id: string,
  ): Promise<{ ok: true; delivery: WebhookDelivery } | ({ ok: false } & ResendRefusal)> {
    const record = this.#log.get(mode, id);
    if (record === undefined) return { ok: false, reason: 'not_found' } as const;
    if (record.endpointId !== null && this.#endpoints.get(mode, record.endpointId) === undefined) {
      return { ok: false, reason: 'endpoint_deleted' } as const;
    }
    const moved = webhookDeliveryTransition(record.machine, {
      type: 'resend',
      now: this.#engine.clockNow().toISOString(),
    });
    if (!moved.ok || record.inFlight) {
      const message = moved.ok ? 'An attempt of this delivery is running.' : moved.message;
      return { ok: false, reason: 'refused', message } as const;
    }
    this.#log.move(record, moved.state);
    await this.attempt(record);
    return { ok: true, delivery: deliveryView(record) } as const;
  }

  /** Forgets every attempt in flight: they finish unrecorded, and their retries are not scheduled. */
  reset(): void {
    this.#generation += 1;
  }

  /** Where the delivery goes and what signs it, or why nothing is sent. */
  #target(record: DeliveryRecord): Reached {
    if (record.endpointId === null) {
      return {
        transport: { kind: 'http', url: record.url },
        secret: this.#endpoints.defaultSecret(record.mode),
      };
    }
    const endpoint = this.#endpoints.get(record.mode, record.endpointId);
    if (endpoint === undefined)
      return { refusal: 'The endpoint was deleted; nothing was sent.', final: true };
    if (endpoint.disabled) return { refusal: 'The endpoint is disabled; nothing was sent.', final: false };
    return { transport: endpoint.transport, secret: endpoint.secret };
  }

  /** The fault rule that alters this attempt, if any (asked once per attempt). */
  #faultOf(record: DeliveryRecord): DeliveryFault | undefined {
    return this.#options.faults(record.mode, { endpoint: record.endpointId, eventType: record.event.type });
  }

  /**
   * Holds an attempt a fault delays on the service clock: it runs when the clock passes the delay,
   * still the same attempt, with the rest of the fault.
   */
  #hold(record: DeliveryRecord, fault: DeliveryFault): void {
    const started = this.#generation;
    this.#engine.schedule(this.#engine.clockNow().getTime() + fault.plan.delayMs, () => {
      if (started === this.#generation)
        void this.attempt(record, { ...fault, plan: { ...fault.plan, delayMs: 0 } });
    });
  }

  /** What the attempt got: nothing sent (no endpoint, or dropped by a fault), or the receiver's answer. */
  #outcomeOf(
    record: DeliveryRecord,
    { reached, number, fault }: Pick<AttemptResult, 'number' | 'fault'> & { readonly reached: Reached },
  ): AttemptOutcome | Promise<AttemptOutcome> {
    if ('refusal' in reached) return refusedAttempt(reached.refusal);
    if (fault?.plan.drop === true) {
      return refusedAttempt(`Dropped by fault rule ${fault.id}: the attempt never reached the receiver.`);
    }
    return this.#send(record, { reached, number, fault });
  }

  /** Sends the attempt when its turn at the endpoint comes, signed and numbered. */
  #send(
    record: DeliveryRecord,
    {
      reached,
      number,
      fault,
    }: Pick<AttemptResult, 'number' | 'fault'> & {
      readonly reached: { transport: WebhookTransport; secret: string };
    },
  ): Promise<AttemptOutcome> {
    const started = this.#generation;
    return this.#gate.run(record.endpointId ?? `url:${record.url}`, async () => {
      // A reset while this attempt waited for its turn at the endpoint: nothing is sent.
      if (started !== this.#generation)
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
        timeoutMs: this.#options.timeoutMs,
        fetch: this.#options.fetch,
      });
    });
  }

  /** Records the attempt, moves the delivery's machine and schedules its next attempt, if any. */
  #recordAttempt(record: DeliveryRecord, { number, at, outcome, fault }: AttemptResult): void {
    record.inFlight = false;
    const attemptedAt = new Date(at).toISOString();
    this.#log.recordAttempt(record, {
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
    // Refused only if this attempt was not due, which the scheduling rules out; fail loudly in the record.
    this.#log.move(
      record,
      moved.ok ? moved.state : { status: 'failed', attempts: record.machine.attempts, next_attempt_at: null },
    );
    this.schedule(record);
    this.#log.changed(record);
  }
}
