// The shared request bodies live in the private workspace package `@glm/test-fixtures`: import them by
// that name. This re-export keeps the relative path that two files of the SDK's and the mock server's
// tests still import (packages/sdk/src/validation/answer-check.test.ts and
// packages/mock-server/src/test-support/fixtures.ts); delete it once they import the package.
export {
  checkoutRequest,
  eligibleProduct,
  paymentLinkRequest,
  productRequest,
  regularProduct,
  subscriptionRequest,
} from '@glm/test-fixtures';
