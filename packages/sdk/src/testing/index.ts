/**
 * Test your webhook endpoint without the service: sign events exactly as the service delivers them,
 * and build realistic, typed events of every type (deterministic with a seed). The test cards are
 * here as data (`TEST_CARDS`), so a test names a card by what it does instead of copying its number.
 *
 * @module @glm/sdk/testing
 */
export type { TestEventOptions } from './create-test-event.ts';
export { createTestEvent, createUnknownTestEvent } from './create-test-event.ts';
export { seededRandomBytes } from './seeded-random.ts';
export type { SignedTestWebhook, SignTestWebhookOptions } from './sign-test-webhook.ts';
export { signTestWebhook } from './sign-test-webhook.ts';
export type {
  DeclineCode,
  PaymentCardResult,
  PaymentPart,
  TestCard,
  TestCardOutcome,
  TestCardSequel,
} from './test-cards.ts';
export { findTestCard, TEST_CARDS } from './test-cards.ts';
