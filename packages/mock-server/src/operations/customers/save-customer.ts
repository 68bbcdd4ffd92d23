import type { PaymentMethod } from '@glm/domain';
import { cardBrand } from '../cards/test-cards.ts';
import type { OperationContext } from '../operation-context.ts';

/** Who a customer is: an e-mail (one customer per mode and e-mail, case-insensitive) and a name. */
export interface CustomerFields {
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly phone?: string | null | undefined;
}

/** The id of the customer with this e-mail in the context's mode, if there is one. */
export function customerIdOf({ engine, mode }: OperationContext, email: string): string | undefined {
  return engine.store.modes[mode].customerIdByEmail.get(email.toLowerCase());
}

/** Records a new customer (`cus_…`) with these fields; the caller checks the e-mail is not taken. */
export function saveCustomer(context: OperationContext, fields: CustomerFields): string {
  const { engine, mode } = context;
  const state = engine.store.modes[mode];
  const id = engine.newId('cus_');
  state.customerIdByEmail.set(fields.email.toLowerCase(), id);
  state.customers.set(id, {
    id,
    email: fields.email,
    first_name: fields.first_name,
    last_name: fields.last_name,
    phone: fields.phone ?? null,
  });
  return id;
}

/**
 * The customer's payment method for this card and kind: the one already saved (a card that paid as
 * the HSA/FSA card and as the regular card is two methods), or a new `pm_…`.
 */
export function savePaymentMethod(
  { engine, mode }: OperationContext,
  customerId: string,
  card: string,
  type: PaymentMethod['type'],
): PaymentMethod {
  const state = engine.store.modes[mode];
  const key = `${customerId}\u0000${type}\u0000${card}`;
  const known = state.paymentMethodIdByCard.get(key);
  const existing = known === undefined ? undefined : state.paymentMethods.get(known);
  if (existing !== undefined) return existing.method;
  const created: PaymentMethod = {
    id: engine.newId('pm_'),
    type,
    last4: card.slice(-4),
    brand: cardBrand(card),
  };
  state.paymentMethodIdByCard.set(key, created.id);
  state.paymentMethods.set(created.id, { method: created, customerId, card });
  return created;
}
