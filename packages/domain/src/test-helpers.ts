/**
 * The requests and answers of the test-mode helpers (`/v2/test_helpers/…` and the listings that only
 * test mode has): pay or cancel a checkout, move the clock, open and close disputes, refresh the
 * eligibility list, manage webhook endpoints and keys, and the test harness around them: faults on
 * demand, the request journal, reset and snapshots, merchants, triggers, seeds and the test cards. A
 * live integration never needs them.
 *
 * @module @glm/domain/test-helpers
 */

// biome-ignore-all lint/performance/noReExportAll: a schemas file whose every export is public is re-exported whole, so a schema added to it is exported under its own name (the name a route row gives) with no edit here; a file with private helpers keeps a named list.

// Faults on demand

export type { FaultEffect, FaultPlan } from './faults/fault.ts';
export {
  codesOfStatus,
  DelayDistribution,
  drawDelay,
  FAULT_STATUSES,
  FAULT_TIMEOUT_HOLD_MS,
  Fault,
  FaultNetwork,
  FaultWhen,
  MAX_FAULT_DELAY_MS,
  planFault,
} from './faults/fault.ts';
export { FAULT_FLAG_USAGE, parseFaultFlag } from './faults/fault-flag.ts';
export { FAULT_HEADER, formatFaultHeader, parseFaultHeader } from './faults/fault-header.ts';
export type { FaultRuleInput, FaultTarget } from './faults/fault-rule.ts';
export {
  FaultMatch,
  FaultRule,
  FaultRuleCreate,
  FaultRuleList,
  faultMatches,
  isTestHelperPath,
  pathFits,
  RuleFault,
  unversionedPath,
} from './faults/fault-rule.ts';
export type { WebhookFaultPlan, WebhookFaultTarget } from './faults/webhook-fault.ts';
export {
  planWebhookFault,
  WebhookBearerFault,
  WebhookFaultMatch,
  WebhookSignatureFault,
  webhookFaultMatches,
} from './faults/webhook-fault.ts';

// Future mode: tomorrow's additive API changes

export {
  FUTURE_EVENT_TYPE,
  FUTURE_STATUS,
  futureBody,
  futureEventData,
  futureMembers,
} from './future/future-answer.ts';
export {
  FUTURE_HEADER,
  FutureKind,
  FutureMode,
  FutureModeRequest,
  NO_FUTURE,
  parseFutureList,
  withChanges,
} from './future/future-mode.ts';

// The request journal, coverage, merchants

export * from './schemas/coverage.ts';

export * from './schemas/merchant.ts';
export * from './schemas/mock-snapshot.ts';
export * from './schemas/request-journal.ts';

// Test-helper requests and answers

export * from './schemas/test-helper-requests.ts';
export * from './schemas/test-helper-results.ts';

// Test data: seeds, test cards, triggers

export { PaymentPart } from './schemas/statuses.ts';
export type { SeedFileInput } from './seeds/seed-file.ts';
export {
  SeedCustomer,
  SeedFile,
  SeedPaymentMethod,
  SeedRef,
  SeedRefName,
  SeedSubscription,
  SeedWebhookEndpoint,
} from './seeds/seed-file.ts';
export { checkSeedRefs } from './seeds/seed-refs.ts';
export {
  DeclineCode,
  findTestCard,
  TEST_CARDS,
  TestCard,
  TestCardOutcome,
  TestCardSequel,
  UNKNOWN_CARD_DECLINE,
} from './test-cards/test-cards.ts';
export { overrideTarget, setAtPath } from './triggers/override-path.ts';
export type { SetFlag } from './triggers/set-flag.ts';
export { parseSetFlag } from './triggers/set-flag.ts';
export {
  TriggerObject,
  TriggerObjects,
  TriggerRequest,
  TriggerResult,
} from './triggers/trigger-request.ts';
