import { signPayload } from '../webhooks/signature-header.ts';
import type { AnyWebhookEvent } from '../webhooks/webhook-event.ts';

/** Options of {@link signTestWebhook}. */
export interface SignTestWebhookOptions {
  /** The signing time in Unix seconds. Default: now. Use an old one to test the tolerance. */
  readonly timestamp?: number;
  /** The `x-webhook-id` delivery id. Default: `whd_test_<event id>`. */
  readonly webhookId?: string;
  /** The `x-webhook-attempt` number. Default 1. */
  readonly attempt?: number;
}

/** A signed delivery, ready to POST to a handler or to pass to `verifyWebhook`. */
export interface SignedTestWebhook {
  /** The raw JSON body that was signed. */
  readonly body: string;
  /** The headers of a webhook delivery: `authorization`, `x-service-signature`, `x-webhook-id`, `x-webhook-attempt`, `content-type`. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Signs an event exactly as the service delivers it (Bearer secret and HMAC-SHA256 signature), so a test can drive a webhook endpoint
 * without the service: `Authorization: Bearer <secret>` and `x-service-signature: t=<unix>,v1=<hex>`.
 *
 * @example
 * const { body, headers } = await signTestWebhook(orderCompletedEvent(), secret);
 * const response = await handler(new Request('https://shop.test/webhooks', { method: 'POST', body, headers }));
 */
export async function signTestWebhook(
  event: AnyWebhookEvent,
  secret: string,
  options: SignTestWebhookOptions = {},
): Promise<SignedTestWebhook> {
  const body = JSON.stringify(event);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = await signPayload(new TextEncoder().encode(body), secret, timestamp);
  return {
    body,
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      'x-service-signature': signature,
      'x-webhook-id': options.webhookId ?? `whd_test_${event.id}`,
      'x-webhook-attempt': String(options.attempt ?? 1),
    },
  };
}
