import type { Mode, WebhookDelivery, WebhookDeliveryAttempt, WebhookDeliveryStatus } from '@glm/domain';
import type { WebhookDeliveryState } from '@glm/domain/machines';
import type { ServiceEvent } from '../../core/events/event-log.ts';

/** One delivery as the queue keeps it: the event to one address, with its attempts so far. */
export interface DeliveryRecord {
  /** `whdel_…` (our prefix; the service names none for deliveries). */
  readonly id: string;
  /** The mode of its event. */
  readonly mode: Mode;
  /** The event delivered. */
  readonly event: ServiceEvent;
  /** The raw JSON body, identical on every attempt. */
  readonly body: string;
  /** The endpoint, or null for a checkout's `metadata.webhook_url`. */
  readonly endpointId: string | null;
  /** Where it goes. */
  readonly url: string;
  /** Creation time (the event's fan-out), ISO 8601 UTC. */
  readonly createdAt: string;
  /** The domain's delivery state: status, attempts of the current schedule, next due time. */
  machine: WebhookDeliveryState;
  /** Every attempt, oldest first, across resends. */
  readonly attempts: WebhookDeliveryAttempt[];
  /** Whether an attempt is running now. */
  inFlight: boolean;
}

/** Which deliveries to read; every field given must match. */
export interface DeliveryFilter {
  /** Only this mode. Default `test`. */
  readonly mode?: Mode;
  /** Only deliveries of this event. */
  readonly eventId?: string;
  /** Only deliveries to this endpoint; `null` selects `metadata.webhook_url` deliveries. */
  readonly endpointId?: string | null;
  /** Only deliveries in this status. */
  readonly status?: WebhookDeliveryStatus;
}

/** Whether a record matches a filter (the mode is checked by the caller's choice of collection). */
export function matchesFilter(record: DeliveryRecord, filter: DeliveryFilter): boolean {
  return (
    (filter.eventId === undefined || record.event.id === filter.eventId) &&
    (filter.endpointId === undefined || record.endpointId === filter.endpointId) &&
    (filter.status === undefined || record.machine.status === filter.status)
  );
}

/** The wire object of a delivery, detached from the record. */
export function deliveryView(record: DeliveryRecord): WebhookDelivery {
  return {
    id: record.id,
    event_id: record.event.id,
    event_type: record.event.type,
    endpoint_id: record.endpointId,
    url: record.url,
    status: record.machine.status,
    attempts: record.attempts.map((attempt) => ({ ...attempt })),
    // While an attempt runs it is not "next" any more.
    next_attempt_at: record.inFlight ? null : record.machine.next_attempt_at,
    created_at: record.createdAt,
  };
}
