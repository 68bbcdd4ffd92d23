/** The cards of one payment attempt (the pay route's body, defaults applied). */
export interface PaymentCards {
  /** Regular card. */
  readonly card_number?: string | undefined;
  /** HSA/FSA card. */
  readonly hsa_card_number?: string | undefined;
}
