import { z } from 'zod';
import { Timestamp } from './primitives.ts';
import { EligibilityType } from './statuses.ts';

/**
 * The answer of an eligibility check. A not-eligible result has
 * `hsa_fsa_eligible: false` and `eligibility_type: null`; `eligibility_type` is open.
 */
export const EligibilityResult = z.object({
  hsa_fsa_eligible: z.boolean(),
  eligibility_type: EligibilityType.nullable(),
  reason: z.string(),
  checked_at: Timestamp,
});
/** The answer of an eligibility check. */
export type EligibilityResult = z.infer<typeof EligibilityResult>;
