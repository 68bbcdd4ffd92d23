import type { CheckoutCustomer } from '@glm/domain';
import type { TestPayer } from '@glm/domain/test-helpers';
import type { OperationContext } from '../operation-context.ts';
import { TEST_SHOPPER } from './test-shopper.ts';

/** Whether a session still lacks who pays (a payment link without a customer): the page must ask. */
export function lacksPayer(customer: CheckoutCustomer): boolean {
  return customer.email === '' || customer.first_name === '' || customer.last_name === '';
}

/**
 * Names who pays an open session before its payment attempt: `payer` when given (what the shopper
 * typed), else the test shopper for whatever the session leaves out (the test helpers' default). The
 * order, its events and the success redirect then carry that customer.
 */
export function assignPayer(
  { engine, mode }: OperationContext,
  id: string,
  payer: TestPayer | undefined,
): void {
  const checkouts = engine.store.modes[mode].checkouts;
  const record = checkouts.get(id);
  if (record === undefined || record.session.status !== 'open') return;
  const { customer } = record.session;
  if (payer === undefined && !lacksPayer(customer)) return;
  const next: CheckoutCustomer = {
    ...customer,
    email: payer?.email ?? (customer.email || TEST_SHOPPER.email),
    first_name: payer?.first_name ?? (customer.first_name || TEST_SHOPPER.first_name),
    last_name: payer?.last_name ?? (customer.last_name || TEST_SHOPPER.last_name),
  };
  checkouts.update({ ...record, session: { ...record.session, customer: next } });
}
