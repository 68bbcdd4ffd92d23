import type { PaymentMethod } from '@glm/domain';
import type { Charged } from '../cards/charged-cards.ts';
import type { OperationContext } from '../operation-context.ts';
import { type CustomerFields, customerIdOf, saveCustomer, savePaymentMethod } from './save-customer.ts';

/** Who paid, as a checkout names the shopper. */
export type Payer = CustomerFields;

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
export function recordPayer(context: OperationContext, payer: Payer, charged: Charged): RecordedPayer {
  const customerId = customerIdOf(context, payer.email) ?? saveCustomer(context, payer);
  const method = (card: string | undefined, type: PaymentMethod['type']): PaymentMethod | null =>
    card === undefined ? null : savePaymentMethod(context, customerId, card, type);
  const hsa = method(charged.hsaCard, 'hsa_fsa_card');
  const regular = method(charged.regularCard, 'card');
  return { customerId, paymentMethod: hsa ?? regular };
}
