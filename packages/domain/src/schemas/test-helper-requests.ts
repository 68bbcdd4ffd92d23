import { z } from 'zod';
import { isWebhookSecret } from '../ids/webhook-secret.ts';
import { EventType } from './event-type.ts';
import { Gtin } from './gtin.ts';
import { tagged } from './issue-tag.ts';
import { lazySchema } from './lazy-schema.ts';
import { Email, HttpUrl, Name, ShortText, Timestamp } from './primitives.ts';
import { IdCursor, ListLimit } from './query-params.ts';
import { DisputeOutcome, EligibilityType, Mode, WebhookDeliveryStatus } from './statuses.ts';
import { EventSubscription } from './webhook-endpoint.ts';

const CardNumber = z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits');

/** Who pays, as the shopper types it on a hosted page that asks (a session or link without a customer). */
export const TestPayer = z.strictObject({ email: Email, first_name: Name, last_name: Name });
/** Who pays, as the shopper types it on a hosted page that asks. */
export type TestPayer = z.infer<typeof TestPayer>;

/**
 * The body of the test-helper pay routes: test card numbers for the regular and the
 * HSA/FSA card, both defaulting to `4242424242424242`, and optionally the payer, who becomes the
 * session's customer (a session without a customer is otherwise paid by a test shopper).
 */
export const TestPaymentRequest = lazySchema(() =>
  z.strictObject({
    card_number: CardNumber.optional(),
    hsa_card_number: CardNumber.optional(),
    customer: TestPayer.optional(),
  }),
);
/** The body of the test-helper pay routes. */
export type TestPaymentRequest = z.infer<typeof TestPaymentRequest>;

/** The body of `POST /v2/test_helpers/clock/advance`: whole seconds, at most ten years. */
export const ClockAdvanceRequest = z.strictObject({ seconds: z.int().min(1).max(315_360_000) });
/** The body of `POST /v2/test_helpers/clock/advance`. */
export type ClockAdvanceRequest = z.infer<typeof ClockAdvanceRequest>;

/** The body of `POST /v2/test_helpers/orders/{id}/dispute`. */
export const DisputeOpenRequest = z.strictObject({ reason: ShortText.optional() });
/** The body of `POST /v2/test_helpers/orders/{id}/dispute`. */
export type DisputeOpenRequest = z.infer<typeof DisputeOpenRequest>;

/** The body of `POST /v2/test_helpers/disputes/{id}/close`. */
export const DisputeCloseRequest = z.strictObject({ outcome: DisputeOutcome });
/** The body of `POST /v2/test_helpers/disputes/{id}/close`. */
export type DisputeCloseRequest = z.infer<typeof DisputeCloseRequest>;

/** One entry of an eligibility database refresh; not eligible has a null type. */
const EligibilityRefreshEntry = z.strictObject({
  upc_code_or_gtin: Gtin,
  product_name: Name.optional(),
  hsa_fsa_eligible: z.boolean(),
  eligibility_type: EligibilityType.nullable(),
  reason: z.string().min(1).max(500),
});

/** The body of `POST /v2/test_helpers/eligibility/refresh`: a `YYYY-MM` version and entries. */
export const EligibilityRefreshRequest = lazySchema(() =>
  z.strictObject({
    version: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM')
      .optional(),
    entries: z.array(EligibilityRefreshEntry).max(10_000).optional(),
  }),
);
/** The body of `POST /v2/test_helpers/eligibility/refresh`. */
export type EligibilityRefreshRequest = z.infer<typeof EligibilityRefreshRequest>;

/** The body of `POST /v2/test_helpers/api_keys`. */
export const ApiKeyCreateRequest = z.strictObject({ mode: Mode, name: Name });
/** The body of `POST /v2/test_helpers/api_keys`. */
export type ApiKeyCreateRequest = z.infer<typeof ApiKeyCreateRequest>;

/**
 * A webhook signing secret chosen by the caller: `whsec_` and 32 letters or digits (the shape of a
 * generated one).
 */
const WebhookSecretInput = z
  .string()
  .refine(isWebhookSecret, {
    message: 'must be whsec_ followed by 32 letters or digits',
    ...tagged('malformed'),
  })
  .meta({ pattern: '^whsec_[0-9A-Za-z]{32}$' });

/**
 * The body of `POST /v2/test_helpers/webhook_endpoints`: at least one event (or `*`), and optionally
 * the signing `secret` to use (one is generated otherwise), so a suite that registers its receiver
 * again after a reset keeps the secret its receiver was configured with.
 */
export const WebhookEndpointCreateRequest = z.strictObject({
  url: HttpUrl,
  events: z.array(EventSubscription).min(1).max(EventSubscription.options.length),
  description: ShortText.optional(),
  secret: WebhookSecretInput.optional(),
});
/** The body of `POST /v2/test_helpers/webhook_endpoints`. */
export type WebhookEndpointCreateRequest = z.infer<typeof WebhookEndpointCreateRequest>;

/** The query of `GET /v2/test_helpers/events`; unknown parameters are refused. */
export const EventListQuery = lazySchema(() =>
  z.strictObject({
    limit: ListLimit,
    starting_after: IdCursor.optional(),
    type: EventType.optional(),
  }),
);
/** The query of `GET /v2/test_helpers/events`. */
export type EventListQuery = z.infer<typeof EventListQuery>;

/**
 * The query of `GET /v2/test_helpers/webhook_deliveries` (with `endpoint_id`, our addition);
 * unknown parameters are refused.
 */
export const WebhookDeliveryListQuery = lazySchema(() =>
  z.strictObject({
    limit: ListLimit,
    starting_after: IdCursor.optional(),
    event_id: z.string().min(1).max(255).optional(),
    status: WebhookDeliveryStatus.optional(),
    endpoint_id: z.string().min(1).max(255).optional(),
  }),
);
/** The query of `GET /v2/test_helpers/webhook_deliveries` (with `endpoint_id`). */
export type WebhookDeliveryListQuery = z.infer<typeof WebhookDeliveryListQuery>;

/** The query of `GET /v2/test_helpers/webhook_endpoints`: list paging, no filters; unknown parameters are refused. */
export const WebhookEndpointListQuery = lazySchema(() =>
  z.strictObject({
    limit: ListLimit,
    starting_after: IdCursor.optional(),
  }),
);
/** The query of `GET /v2/test_helpers/webhook_endpoints`. */
export type WebhookEndpointListQuery = z.infer<typeof WebhookEndpointListQuery>;

/**
 * The body of `POST /v2/test_helpers/clock/set`: the instant to move the clock to (not earlier than the
 * clock); everything due by then happens in time order, as when advancing.
 */
export const ClockSetRequest = z.strictObject({ now: Timestamp });
/** The body of `POST /v2/test_helpers/clock/set`. */
export type ClockSetRequest = z.infer<typeof ClockSetRequest>;

/** The body of `POST /v2/test_helpers/orders/{id}/fail`: why the authorized payment failed. */
export const OrderFailRequest = z.strictObject({ reason: ShortText.min(1).optional() });
/** The body of `POST /v2/test_helpers/orders/{id}/fail`. */
export type OrderFailRequest = z.infer<typeof OrderFailRequest>;
