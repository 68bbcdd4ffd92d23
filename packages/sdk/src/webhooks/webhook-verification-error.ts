/**
 * Why a webhook delivery was refused. Each reason names exactly one thing that was wrong:
 *
 * - `missing_authorization`: no `Authorization` header.
 * - `invalid_token`: the header is not `Bearer <token>` or the token matches none of the secrets.
 * - `missing_signature`: `requireSignature` is on and there is no `x-service-signature` header.
 * - `malformed_signature`: the signature header is not `t=<unix>,v1=<64 hex>`.
 * - `invalid_signature`: no `v1` signature matches the HMAC of `"<t>.<raw body>"`.
 * - `timestamp_outside_tolerance`: the signed timestamp is too old or too far in the future.
 * - `body_not_raw`: the body is not the raw bytes (for example an already-parsed object), or a
 *   `Request` whose body was already read.
 * - `malformed_json`: the verified body is not UTF-8 JSON.
 * - `invalid_event`: the verified JSON is not an event envelope (`id`, `type`, `created_at`, `test_mode`,
 *   `api_version`, `data`).
 */
export type WebhookVerificationReason =
  | 'missing_authorization'
  | 'invalid_token'
  | 'missing_signature'
  | 'malformed_signature'
  | 'invalid_signature'
  | 'timestamp_outside_tolerance'
  | 'body_not_raw'
  | 'malformed_json'
  | 'invalid_event';

const messages: Record<WebhookVerificationReason, string> = {
  missing_authorization: 'The webhook request has no Authorization header.',
  invalid_token:
    'The webhook Authorization header does not carry a valid Bearer token for any configured secret.',
  missing_signature: 'The webhook request has no x-service-signature header, and a signature is required.',
  malformed_signature:
    'The x-service-signature header is not of the form t=<unix seconds>,v1=<64 hex digits>.',
  invalid_signature:
    'No v1 signature in x-service-signature matches the raw body; was the body re-serialized?',
  timestamp_outside_tolerance:
    'The signed timestamp is outside the tolerance window (replayed, or a clock is off).',
  body_not_raw:
    'The webhook body must be the raw request body (string, Uint8Array, ArrayBuffer or an unread Request), not a parsed object.',
  malformed_json: 'The verified webhook body is not valid UTF-8 JSON.',
  invalid_event:
    'The verified webhook body is not an event envelope (id, type, created_at, test_mode, api_version, data).',
};

/**
 * Thrown (as a rejected promise) by `verifyWebhook` when a delivery cannot be trusted or read. The
 * message never contains the secret, the presented token or the body; `reason` says what was wrong.
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError' as const;
  /** What exactly was wrong with the delivery. */
  readonly reason: WebhookVerificationReason;

  /** Builds the error for one reason; `options.cause` keeps the underlying error (for example a `SyntaxError`). */
  constructor(reason: WebhookVerificationReason, options?: { readonly cause?: unknown }) {
    super(messages[reason], options);
    this.reason = reason;
  }
}

/**
 * Tells whether a value is a {@link WebhookVerificationError}, also across realms and duplicate copies
 * of the SDK (it checks the `name` and `reason` when `instanceof` fails).
 */
export function isWebhookVerificationError(value: unknown): value is WebhookVerificationError {
  if (value instanceof WebhookVerificationError) return true;
  if (!(value instanceof Error) && (typeof value !== 'object' || value === null)) return false;
  const candidate = value as { readonly name?: unknown; readonly reason?: unknown };
  return (
    candidate.name === 'WebhookVerificationError' &&
    typeof candidate.reason === 'string' &&
    Object.hasOwn(messages, candidate.reason)
  );
}
