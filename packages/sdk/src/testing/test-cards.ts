// The reference server's test cards, re-exported so a merchant's suite reads them from the SDK it
// already depends on: the same list the server's charges and hosted page read.
export type {
  DeclineCode,
  PaymentCardResult,
  PaymentPart,
  TestCard,
  TestCardOutcome,
  TestCardSequel,
} from '@glm/domain/test-helpers';
export { findTestCard, TEST_CARDS } from '@glm/domain/test-helpers';
