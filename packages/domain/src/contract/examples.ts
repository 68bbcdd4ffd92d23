import type { JsonValue } from './route.ts';

/** The ids an example's placeholders stand for: `$orderId` is replaced by `orderId`. */
export interface ExampleIds {
  /** A completed order. */
  readonly orderId: string;
  /** A customer with a saved payment method. */
  readonly customerId: string;
  /** A saved payment method of {@link ExampleIds.customerId}. */
  readonly paymentMethodId: string;
}

/** The placeholders an example may carry, each a string value standing for an id of {@link ExampleIds}. */
export const EXAMPLE_PLACEHOLDERS = {
  $orderId: 'orderId',
  $customerId: 'customerId',
  $paymentMethodId: 'paymentMethodId',
} as const satisfies Readonly<Record<string, keyof ExampleIds>>;

/** Whether a string is one of {@link EXAMPLE_PLACEHOLDERS}. */
const isPlaceholder = (value: string): value is keyof typeof EXAMPLE_PLACEHOLDERS =>
  Object.hasOwn(EXAMPLE_PLACEHOLDERS, value);

/** A fresh copy of an example value with its placeholders replaced by `ids`. */
export function fillExample(value: JsonValue, ids: ExampleIds): JsonValue {
  if (typeof value === 'string') return isPlaceholder(value) ? ids[EXAMPLE_PLACEHOLDERS[value]] : value;
  if (Array.isArray(value)) return value.map((item: JsonValue) => fillExample(item, ids));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillExample(item, ids)]));
  }
  return value;
}
