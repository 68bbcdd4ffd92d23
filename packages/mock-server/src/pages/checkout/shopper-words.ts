/** What a cart type means for the shopper's cards, in plain words (no "split", "eligible" jargon alone). */
export function cartSentence(type: string): string {
  if (type === 'eligible') return 'Everything here is HSA/FSA eligible: pay with your HSA/FSA card.';
  if (type === 'regular') return 'Nothing here is HSA/FSA eligible: pay with a regular card.';
  return 'Some items are HSA/FSA eligible: your HSA/FSA card pays for those, a regular card for the rest.';
}

const ELIGIBILITY_NOTES: Readonly<Record<string, string>> = {
  rx: 'Needs a prescription',
  vision: 'Vision care',
  dual_purpose: 'May need a Letter of Medical Necessity',
};

/** The short note beside an eligible item's badge, or `undefined` (auto-substantiated items need none). */
export function eligibilityNote(eligibilityType: string | null): string | undefined {
  return eligibilityType === null ? undefined : ELIGIBILITY_NOTES[eligibilityType];
}

/** The longer explanation a dual-purpose item gets under its name. */
export const LMN_HINT =
  'This item has both medical and everyday uses. Your HSA/FSA administrator may ask for a Letter of Medical Necessity (LMN) from your doctor.';
