/**
 * Receive the service's webhooks: verify a delivery (Bearer secret, HMAC signature, timestamp
 * tolerance, secret rotation) with Web Crypto only, so it runs in Node, Bun, Deno and Workers, and
 * build endpoints that run each event's handler once.
 *
 * Only the envelope is checked by hand here, to keep this entry small; `data` is trusted because the
 * delivery is authenticated. See `docs/webhooks-and-embed.md` for full schema validation.
 *
 * @module @glm/sdk/webhooks
 */
export type {
  NodeWebhookHandlerOptions,
  NodeWebhookRequest,
  NodeWebhookResponse,
} from './create-node-webhook-handler.ts';
export { createNodeWebhookHandler } from './create-node-webhook-handler.ts';
export { createWebhookHandler } from './create-webhook-handler.ts';
export type { MemoryDedupeStoreOptions, WebhookDedupeStore } from './dedupe-store.ts';
export { createMemoryDedupeStore } from './dedupe-store.ts';
export type { WebhookAnswer, WebhookEventHandlers, WebhookHandlerOptions } from './process-delivery.ts';
export type { WebhookBody } from './raw-body.ts';
export type { WebhookHeaders } from './read-header.ts';
export type {
  ReceivedWebhook,
  VerifyWebhookOptions,
  WebhookDelivery,
  WebhookSecrets,
  WebhookVerificationSettings,
} from './verify-webhook.ts';
export { DEFAULT_WEBHOOK_TOLERANCE_SECONDS, verifyWebhook } from './verify-webhook.ts';
export type {
  AnyWebhookEvent,
  EventOfType,
  KnownEvent,
  KnownEventType,
  UnknownEvent,
  WebhookEvent,
} from './webhook-event.ts';
export { isKnownEvent, isKnownEventType } from './webhook-event.ts';
export type { WebhookVerificationReason } from './webhook-verification-error.ts';
export { isWebhookVerificationError, WebhookVerificationError } from './webhook-verification-error.ts';
