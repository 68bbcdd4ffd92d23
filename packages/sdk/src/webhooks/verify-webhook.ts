import { readEnv } from '../internal/env.ts';
import { fromHex, hmacSha256, signedPayload, utf8 } from './hmac.ts';
import { isRequestLike, readRawBody, type WebhookBody } from './raw-body.ts';
import { readHeader, type WebhookHeaders } from './read-header.ts';
import { parseSignatureHeader } from './signature-header.ts';
import { timingSafeEqual } from './timing-safe-equal.ts';
import { type AnyWebhookEvent, isEventEnvelope, type WebhookEvent } from './webhook-event.ts';
import { WebhookVerificationError } from './webhook-verification-error.ts';

/** The default signature tolerance: 300 seconds either side of the receiver's clock. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The endpoint's secret (`whsec_…`), or several during a rotation: a delivery is accepted when its
 * Bearer token is any one of them, and its signature is then checked with that same secret. With
 * neither `secret` nor `secrets`, the secret is the `GLM_WEBHOOK_SECRET` environment variable, read on
 * each delivery where the runtime has `process.env` (Node, Bun, Deno; not Workers, whose secrets come in
 * the handler's `env`: pass them as `secret`).
 */
export type WebhookSecrets =
  | { readonly secret?: string | undefined; readonly secrets?: never }
  | { readonly secrets: readonly string[]; readonly secret?: never };

/** How {@link verifyWebhook} checks a delivery, beyond the secrets. */
export interface WebhookVerificationSettings {
  /** Seconds the signed timestamp may differ from `now`, in either direction. Default 300. */
  readonly tolerance?: number;
  /**
   * Refuse deliveries without `x-service-signature` (`missing_signature`). Default `false`: the Bearer
   * secret alone authenticates, as the service's newest webhook generation does, which gives no replay
   * protection (a captured delivery verifies again at any time). Set it to `true` so that a delivery
   * signed more than `tolerance` seconds ago is refused.
   */
  readonly requireSignature?: boolean;
  /**
   * Full validation of the verified event, beyond the envelope checked here: for example `parseEvent`
   * from `@glm/domain`, which checks `data` against the zod schema of its type. An answer with `ok: false`
   * (or a throw) refuses the delivery as `invalid_event`. Not set by default, to keep zod out of this entry.
   */
  readonly validate?: (event: AnyWebhookEvent) => { readonly ok: boolean };
}

/**
 * A webhook request as the receiver got it, which {@link verifyWebhook} checks: the raw body, the
 * headers and the receiver's clock. Not the service's record of a delivery attempt (`WebhookDelivery`
 * in `@glm/sdk` and `@glm/domain`).
 */
export interface ReceivedWebhook {
  /** The raw body (string, bytes) or the unread Fetch `Request` itself. */
  readonly body: WebhookBody;
  /** The request headers; taken from `body` when it is a `Request` and this is omitted. */
  readonly headers?: WebhookHeaders;
  /** The receiver's clock (a `Date` or epoch milliseconds). Default: `Date.now()`. */
  readonly now?: Date | number;
}

/**
 * The former name of {@link ReceivedWebhook}.
 *
 * @deprecated Use {@link ReceivedWebhook}: this name clashes with the service's delivery record
 * (`WebhookDelivery` in `@glm/sdk` and `@glm/domain`). It will be removed in the next minor release.
 */
export type WebhookDelivery = ReceivedWebhook;

/** The input of {@link verifyWebhook}: the received request, the secret(s) and the settings. */
export type VerifyWebhookOptions = WebhookSecrets & WebhookVerificationSettings & ReceivedWebhook;

const bearerPattern = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Verifies a webhook delivery and returns its event.
 *
 * Checks, in order: the body is raw; `Authorization: Bearer <secret>` names one of the secrets
 * (compared as HMAC digests under a one-off random key, in constant time); when `x-service-signature`
 * is present (or `requireSignature` is set) one `v1` HMAC-SHA256 of `"<t>.<raw body>"` matches and `t`
 * is within `tolerance` seconds of `now` either way; the body is UTF-8 JSON with the event envelope (`id`, `type`, `created_at`, `test_mode`, `api_version`, `data`).
 *
 * @returns the event, typed as the events this SDK knows: compare `event.type` to narrow `event.data`. A
 * type newer than this SDK arrives unchanged and reaches the `default` branch of a `switch`.
 * @throws {@link WebhookVerificationError} with a `reason`; a `TypeError` when no usable secret is configured.
 *
 * @example
 * // The secret: `secret`, else the GLM_WEBHOOK_SECRET environment variable.
 * const event = await verifyWebhook({ body: request });
 * if (event.type === 'order.completed') fulfil(event.data);
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<WebhookEvent> {
  // A type newer than this SDK passes through at run time; the type is the known union on purpose (see WebhookEvent).
  return (await verifyDelivery(options)) as WebhookEvent;
}

/** {@link verifyWebhook} for bodies of unknown type (a Node request's `body` may be anything). */
export async function verifyDelivery(
  options: WebhookSecrets &
    WebhookVerificationSettings &
    Omit<ReceivedWebhook, 'body'> & { readonly body: unknown },
): Promise<AnyWebhookEvent> {
  const secrets = secretList(options);
  const tolerance = options.tolerance ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  if (!(tolerance >= 0))
    throw new TypeError('verifyWebhook: tolerance must be a non-negative number of seconds.');
  const headers = options.headers ?? (isRequestLike(options.body) ? options.body.headers : {});

  const body = await readRawBody(options.body);
  if (body === undefined) throw new WebhookVerificationError('body_not_raw');

  const authorization = readHeader(headers, 'authorization');
  if (authorization === undefined) throw new WebhookVerificationError('missing_authorization');
  const token = bearerPattern.exec(authorization)?.[1];
  const secret = token === undefined ? undefined : await findSecret(token, secrets);
  if (secret === undefined) throw new WebhookVerificationError('invalid_token');

  const signatureHeader = readHeader(headers, 'x-service-signature');
  if (signatureHeader !== undefined) {
    const signature = parseSignatureHeader(signatureHeader);
    if (signature === undefined) throw new WebhookVerificationError('malformed_signature');
    const expected = await hmacSha256(utf8(secret), signedPayload(signature.timestamp, body));
    let matched = false;
    for (const candidate of signature.signatures) {
      // No short-circuit: every candidate is compared, so the count of checks does not depend on which one matched.
      matched = timingSafeEqual(fromHex(candidate), expected) || matched;
    }
    if (!matched) throw new WebhookVerificationError('invalid_signature');
    const nowSeconds = Math.floor(Number(options.now ?? Date.now()) / 1000);
    if (Math.abs(nowSeconds - signature.timestamp) > tolerance) {
      throw new WebhookVerificationError('timestamp_outside_tolerance');
    }
  } else if (options.requireSignature === true) {
    throw new WebhookVerificationError('missing_signature');
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch (cause) {
    throw new WebhookVerificationError('malformed_json', { cause });
  }
  if (!isEventEnvelope(parsed)) throw new WebhookVerificationError('invalid_event');
  if (options.validate !== undefined) {
    let valid: boolean;
    try {
      valid = options.validate(parsed).ok;
    } catch (cause) {
      throw new WebhookVerificationError('invalid_event', { cause });
    }
    if (!valid) throw new WebhookVerificationError('invalid_event');
  }
  return parsed;
}

function secretList(options: WebhookSecrets): readonly string[] {
  const secret =
    options.secrets === undefined ? (options.secret ?? readEnv('GLM_WEBHOOK_SECRET')) : undefined;
  const secrets = options.secrets ?? (secret === undefined ? [] : [secret]);
  if (secrets.length === 0 || secrets.some((secret) => typeof secret !== 'string' || secret === '')) {
    // A configuration mistake, not a bad delivery: an empty secret would accept an empty token.
    throw new TypeError(
      'verifyWebhook: configure `secret` (or `secrets`) with non-empty webhook secrets, or set GLM_WEBHOOK_SECRET.',
    );
  }
  return secrets;
}

/**
 * Finds the secret equal to the presented token. Both sides are first hashed with HMAC under a fresh
 * random key, so the comparison runs on fixed-length digests that leak nothing about the secret's
 * length or content, and every secret is compared (no early exit on the first match).
 */
async function findSecret(token: string, secrets: readonly string[]): Promise<string | undefined> {
  const key = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const presented = await hmacSha256(key, utf8(token));
  let found: string | undefined;
  for (const secret of secrets) {
    const equal = timingSafeEqual(presented, await hmacSha256(key, utf8(secret)));
    if (equal && found === undefined) found = secret;
  }
  return found;
}
