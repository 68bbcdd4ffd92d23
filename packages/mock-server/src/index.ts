/**
 * The reference server of the HSA/FSA hosted checkout service: stateful, in memory, with a virtual
 * clock, test cards and an event log. Use it in-process through `@glm/mock-server/msw`, standalone
 * through `@glm/mock-server/node` or the `glm-mock` CLI.
 *
 * @module @glm/mock-server
 */

// Service

export { coverageTable } from './cli/coverage/coverage-table.ts';
export type { EventFilter, EventListener, ServiceEvent } from './core/events/event-log.ts';
export { MockServiceError } from './core/mock-service-error.ts';
export type { RandomSource } from './core/random-source.ts';
export type { ClockMode } from './core/virtual-clock.ts';
export type { JournalEntry, RequestFilter } from './http/journal/request-journal.ts';
export type { RateLimitOptions } from './http/rate-limit/rate-limit-options.ts';
export type { RateLimitRule } from './http/rate-limit/sliding-window.ts';
export { createMockService } from './service/create-mock-service.ts';
export { defineSeed } from './service/define-seed.ts';
export type { MockClock, MockService, WaitForEventOptions } from './service/mock-service.ts';
export type { MockServiceOptions, SeedData } from './service/mock-service-options.ts';
export type { SeedRefs } from './service/seed.ts';
export { SeedError } from './service/seed-error.ts';
export {
  MOCK_SNAPSHOT_VERSION,
  MockSnapshot,
  readSnapshot,
  SnapshotFormatError,
  SnapshotRow,
} from './service/snapshot/mock-snapshot.ts';
export type { StateJournal, TableChange } from './service/snapshot/state-journal.ts';
export type { CoverageOptions, MockCoverageApi } from './service/test-api/coverage.ts';
export type { MockFaults } from './service/test-api/faults.ts';
export type { PayInput } from './service/test-api/payment-test-api.ts';
export type { MockRequestApi, WaitForRequestOptions } from './service/test-api/requests.ts';
export type { TriggerOptions } from './service/test-api/triggers.ts';

// Test data: the test cards (re-exported from the domain, the list the server's charges and the hosted page read)

export type {
  DeclineCode,
  PaymentCardResult,
  PaymentPart,
  TestCard,
  TestCardOutcome,
  TestCardSequel,
} from '@glm/domain/test-helpers';
export { findTestCard, TEST_CARDS } from '@glm/domain/test-helpers';

// Webhooks (the retry schedule comes from the domain, re-exported so tests can walk it without importing @glm/domain)

export { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SCHEDULE_MS } from '@glm/domain/machines';
export type { WebhookFlushResult } from './operations/webhooks/delivery-queue.ts';
export type { DeliveryFilter } from './operations/webhooks/delivery-record.ts';
export type { MockWebhookEndpoint } from './operations/webhooks/endpoint-registry.ts';
export type { WebhookHandler } from './operations/webhooks/transport/send-webhook.ts';
export type { WebhookOptions } from './operations/webhooks/webhook-options.ts';
export { DEFAULT_WEBHOOK_TIMEOUT_MS } from './operations/webhooks/webhook-options.ts';
export type {
  DeliveryMatch,
  MockWebhookApi,
  WaitForDeliveryOptions,
  WebhookEndpointInput,
  WebhookEndpointPatch,
  WebhookModeOption,
} from './service/test-api/webhooks.ts';

// Payment links, refunds, disputes, subscriptions

export { REFUND_AUTO_SUCCEED_MS } from './operations/refunds/settle.ts';
export type { PaymentTestApi } from './service/test-api/payment-test-api.ts';

// OpenAPI

export type {
  OpenApiDocument,
  OpenApiDocumentOptions,
  OpenApiOperation,
} from './http/openapi/build-document.ts';
export type { JsonSchema } from './http/openapi/schema-types.ts';
export { openApiDocument } from './http/openapi-document.ts';

// Hosted pages and dashboard

export type { PagesOptions } from './pages/pages.ts';
