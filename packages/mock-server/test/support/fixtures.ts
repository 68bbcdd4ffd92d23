// The request bodies the mock server's tests send: the builders all three packages' tests share, under
// the path every test here imports. Add a builder there, not here.
export {
  checkoutLine,
  checkoutRequest,
  eligibleProduct,
  paymentLinkRequest,
  regularProduct,
  subscriptionRequest,
} from '@glm/test-fixtures';
