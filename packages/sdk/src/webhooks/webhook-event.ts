// PROVISIONAL: replaced by the domain's Event union once `packages/domain/src/schemas/event.ts` lands.
interface EnvelopeOf<T extends string, D> {
  readonly id: string;
  readonly type: T;
  readonly created_at: string;
  readonly test_mode: boolean;
  readonly api_version: string;
  readonly data: D;
}

/** Every event the SDK knows, discriminated by `type` (D23). */
export type KnownEvent =
  | EnvelopeOf<'order.completed', { readonly id: string; readonly reference_id: string | null }>
  | EnvelopeOf<'payment.failed', { readonly retryable: boolean }>;

/** The `type` of every event the SDK knows. */
export type KnownEventType = KnownEvent['type'];

/** The known event of one type. */
export type EventOfType<T extends KnownEventType> = Extract<KnownEvent, { readonly type: T }>;

/**
 * An event type this version of the SDK does not know (one the service added later). It is a branded
 * string so that comparing `event.type` with a known name still narrows to that known event; compare
 * with `(event.type as string) === 'new.type'` to pick an unknown one out.
 */
export type UnknownEventType = string & { readonly __unknownEventType: true };

/** An event whose type this SDK does not know: the envelope is checked, `data` is left as a record. */
export interface UnknownEvent {
  /** `evt_…`: the deduplication key (interface 6.1). */
  readonly id: string;
  /** The event type name. */
  readonly type: UnknownEventType;
  /** When the event happened (ISO 8601 UTC). */
  readonly created_at: string;
  /** Whether the event belongs to test mode. */
  readonly test_mode: boolean;
  /** The API version the payload follows (`v2`). */
  readonly api_version: string;
  /** The resource after the change, unparsed. */
  readonly data: Readonly<Record<string, unknown>>;
}

/** What `verifyWebhook` returns: a known event, narrowed by `type`, or an {@link UnknownEvent}. */
export type WebhookEvent = KnownEvent | UnknownEvent;

/**
 * Checks the D23 envelope by hand (no zod, to keep `@glm/sdk/webhooks` small): `id` and `type` are
 * non-empty strings, `created_at` and `api_version` strings, `test_mode` a boolean, `data` an object.
 * The content of `data` comes from the authenticated sender and is not re-validated here.
 */
export function isEventEnvelope(value: unknown): value is WebhookEvent {
  if (!isRecord(value)) return false;
  const { id, type, created_at, test_mode, api_version, data } = value;
  return (
    typeof id === 'string' &&
    id !== '' &&
    typeof type === 'string' &&
    type !== '' &&
    typeof created_at === 'string' &&
    typeof test_mode === 'boolean' &&
    typeof api_version === 'string' &&
    isRecord(data)
  );
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
