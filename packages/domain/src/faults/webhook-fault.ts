import { z } from 'zod';
import { EventType } from '../schemas/event-type.ts';
import { MAX_FAULT_DELAY_MS } from './fault.ts';

/**
 * What a fault does to a delivery attempt's signature (`x-service-signature`): `invalid` signs another
 * body, `stale` signs correctly with a timestamp one hour old, `missing` sends no signature header,
 * `wrong_secret` signs with a secret that is not the endpoint's (a secret that drifted after a rotation).
 */
export const WebhookSignatureFault = z.enum(['invalid', 'stale', 'missing', 'wrong_secret']);
/** What a fault does to a delivery attempt's signature. */
export type WebhookSignatureFault = z.infer<typeof WebhookSignatureFault>;

/** What a fault does to a delivery attempt's `Authorization` header: another secret, or none. */
export const WebhookBearerFault = z.enum(['invalid', 'missing']);
/** What a fault does to a delivery attempt's `Authorization` header. */
export type WebhookBearerFault = z.infer<typeof WebhookBearerFault>;

/**
 * Which webhook deliveries a fault rule alters: those to one endpoint (`whep_…`), of one event type, or
 * both; `{}` matches every delivery. Deliveries to a checkout's `metadata.webhook_url` have no endpoint
 * id, so only a rule without `endpoint` matches them.
 */
export const WebhookFaultMatch = z.strictObject({
  endpoint: z
    .string()
    .regex(/^whep_[0-9A-Za-z]{1,64}$/, 'must be a webhook endpoint id (whep_…)')
    .optional(),
  event_type: EventType.optional(),
});
/** Which webhook deliveries a fault rule alters. */
export type WebhookFaultMatch = z.infer<typeof WebhookFaultMatch>;

/** The fields of a fault that alter a delivery attempt, as a fault rule takes them. */
export const WEBHOOK_FAULT_FIELDS = {
  signature: WebhookSignatureFault.optional(),
  bearer: WebhookBearerFault.optional(),
  drop: z.literal(true, { error: 'must be true (leave it out to send the attempt)' }).optional(),
} as const;

/** The keys of a fault that only a rule matching deliveries may use. */
export const WEBHOOK_ONLY_KEYS = ['signature', 'bearer', 'drop'] as const;

/** The keys of a fault that only a rule matching requests may use. */
export const REQUEST_ONLY_KEYS = [
  'status',
  'code',
  'network',
  'when',
  'delay',
  'rate_bytes_per_second',
] as const;

/**
 * What a fault does to one delivery attempt, once a rule caught it: its signature and bearer
 * alterations, whether it is dropped (it never reaches the receiver and counts as a failed attempt)
 * and how long it is held on the service clock before it is sent.
 */
export interface WebhookFaultPlan {
  /** The signature alteration, if any. */
  readonly signature: WebhookSignatureFault | undefined;
  /** The bearer alteration, if any. */
  readonly bearer: WebhookBearerFault | undefined;
  /** Whether the attempt is lost before it reaches the receiver. */
  readonly drop: boolean;
  /** Milliseconds of the service clock the attempt is held (0 when none). */
  readonly delayMs: number;
}

/** Reads the delivery half of a rule's fault. */
export function planWebhookFault(fault: {
  readonly signature?: WebhookSignatureFault | undefined;
  readonly bearer?: WebhookBearerFault | undefined;
  readonly drop?: true | undefined;
  readonly delay_ms?: number | undefined;
}): WebhookFaultPlan {
  return {
    signature: fault.signature,
    bearer: fault.bearer,
    drop: fault.drop === true,
    delayMs: Math.min(fault.delay_ms ?? 0, MAX_FAULT_DELAY_MS),
  };
}

/** A delivery a fault rule is matched against. */
export interface WebhookFaultTarget {
  /** The endpoint's id, or `null` for a checkout's `metadata.webhook_url`. */
  readonly endpoint: string | null;
  /** The event's type. */
  readonly eventType: string;
}

/** Whether a rule's webhook match catches a delivery. */
export function webhookFaultMatches(match: WebhookFaultMatch, target: WebhookFaultTarget): boolean {
  if (match.endpoint !== undefined && match.endpoint !== target.endpoint) return false;
  return match.event_type === undefined || match.event_type === target.eventType;
}
