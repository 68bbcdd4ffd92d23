// The fixtures the tests of the domain, the SDK and the mock server share, imported by package name.
export {
  checkoutLine,
  checkoutRequest,
  eligibleProduct,
  paymentLinkRequest,
  productRequest,
  refundRequest,
  regularProduct,
  SHIPPING_ADDRESS,
  SHOPPER,
  subscriptionRequest,
} from './request-bodies.ts';
