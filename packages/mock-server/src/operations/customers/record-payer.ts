import type { PaymentMethod } from '@glm/domain';
import type { Charged } from '../cards/charged-cards.ts';
import { cardBrand } from '../cards/test-cards.ts';
import type { OperationContext } from '../operation-context.ts';

/** Who paid, as a checkout names the shopper. */
export interface Payer {
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly phone?: string | null | undefined;
}

/** The customer and payment methods a payment recorded. */
export interface RecordedPayer {
  /** `cus_…`. */
  readonly customerId: string;
  /** The method the order names: the HSA/FSA card's when one paid, else the regular card's. */
  readonly paymentMethod: PaymentMethod | null;
}

/**
 * Records who paid: the shopper as the merchant's customer (one per mode and e-mail, case-insensitive)
 * and each card that paid as one of that customer's payment methods (one per card and kind: a number
 * that paid as the HSA/FSA card and again as the regular card is two methods). Paying again with
 * the same e-mail and card finds the same customer and method.
 */
export function recordPayer(
  { engine, mode }: OperationContext,
  payer: Payer,
  charged: Charged,
): RecordedPayer {
  const state = engine.store.modes[mode];
  const email = payer.email.toLowerCase();
  let customerId = state.customerIdByEmail.get(email);
  if (customerId === undefined) {
    customerId = engine.newId('cus_');
    state.customerIdByEmail.set(email, customerId);
    state.customers.set(customerId, {
      id: customerId,
      email: payer.email,
      first_name: payer.first_name,
      last_name: payer.last_name,
      phone: payer.phone ?? null,
    });
  }
  const method = (card: string | undefined, type: PaymentMethod['type']): PaymentMethod | null => {
    if (card === undefined) return null;
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
  };
  const hsa = method(charged.hsaCard, 'hsa_fsa_card');
  const regular = method(charged.regularCard, 'card');
  return { customerId, paymentMethod: hsa ?? regular };
}
