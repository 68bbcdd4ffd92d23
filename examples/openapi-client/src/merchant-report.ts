/** Where the merchant program runs: the server's base URL (no version prefix) and a test API key. */
export interface MerchantOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
}

/** What the merchant program did, for its caller to check. */
export interface MerchantReport {
  /** The product it created. */
  readonly productId: number;
  /** The currency the product was answered with (sent lower-case). */
  readonly productCurrency: string;
  /** The checkout it created and paid. */
  readonly checkoutId: string;
  /** The success URL the checkout echoed, placeholder included. */
  readonly successUrl: string;
  /** The `x-request-id` of the checkout creation. */
  readonly requestId: string | null;
  /** The order the payment created. */
  readonly orderId: string;
  /** The type of every event listed, newest first. */
  readonly eventTypes: readonly string[];
  /** Each `order.completed` event, read through its narrowed type: the order's id, number and total. */
  readonly completedOrders: readonly { id: string; orderNumber: string; total: number }[];
}
