import type { CheckoutCustomer } from '@glm/domain';
import { TestPayer } from '@glm/domain/test-helpers';

/** The payer fields of the hosted form, in the order the page shows them. */
export const PAYER_FIELDS = ['email', 'first_name', 'last_name'] as const;
/** One payer field's name. */
export type PayerField = (typeof PAYER_FIELDS)[number];

/** What the shopper typed in the payer fields and what is wrong with each, to show the form again. */
export interface PayerEntry {
  /** The values as typed (shown again, escaped). */
  readonly values: Readonly<Partial<Record<PayerField, string>>>;
  /** A message per field that is not valid. */
  readonly errors: Readonly<Partial<Record<PayerField, string>>>;
}

const MESSAGES: Readonly<Record<PayerField, string>> = {
  email: 'Enter your e-mail address, such as name@example.com.',
  first_name: 'Enter your first name.',
  last_name: 'Enter your last name.',
};

/** The payer fields a session's customer already fills: the link's own customer, when it has one. */
export function knownPayer(customer: CheckoutCustomer): PayerEntry['values'] {
  return { email: customer.email, first_name: customer.first_name, last_name: customer.last_name };
}

/**
 * Reads the payer fields of a posted form with the API's own rules (an e-mail address, names of 1 to
 * 255 characters): the payer, or the entry with a message for each field that is not valid.
 */
export function readPayer(
  form: URLSearchParams,
): { readonly ok: true; readonly payer: TestPayer } | { readonly ok: false; readonly entry: PayerEntry } {
  const values: Partial<Record<PayerField, string>> = {};
  for (const field of PAYER_FIELDS) values[field] = (form.get(field) ?? '').trim();
  const parsed = TestPayer.safeParse(values);
  if (parsed.success) return { ok: true, payer: parsed.data };
  const errors: Partial<Record<PayerField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = PAYER_FIELDS.find((name) => name === issue.path[0]);
    if (field !== undefined) errors[field] = MESSAGES[field];
  }
  return { ok: false, entry: { values, errors } };
}
