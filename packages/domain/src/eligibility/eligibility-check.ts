import { err, ok, type Result } from '../result.ts';
import type { EligibilityType } from '../schemas/statuses.ts';
import { normalizeBarcode } from './barcode.ts';
import { classifyProductName } from './classifier.ts';
import type { EligibilityDatabase, EligibilityRecord } from './eligibility-database.ts';
import type { EligibilityRules } from './rules.ts';
import { eligibilityRules } from './rules-data.ts';

/**
 * What a check-eligibility request asks about: at least one of the two fields. A body
 * parsed with the `EligibilityCheckRequest` schema fits.
 */
export interface EligibilityCheckInput {
  /** A UPC or GTIN barcode; the more accurate of the two. */
  readonly upc_code_or_gtin?: string | null | undefined;
  /** The product's name, classified by the keyword rules when the barcode is absent or unknown. */
  readonly product_name?: string | null | undefined;
}

/** The answer of an eligibility check. */
export interface EligibilityCheckResult {
  /** Whether the product may be paid with an HSA/FSA card; `true` for `dual_purpose` too. */
  readonly hsa_fsa_eligible: boolean;
  /** The kind of eligibility, `null` when not eligible. */
  readonly eligibility_type: EligibilityType | null;
  /** Why, in words a merchant can show. */
  readonly reason: string;
  /** When the check ran, ISO 8601 UTC. */
  readonly checked_at: string;
}

const given = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * Checks a product's HSA/FSA eligibility. A barcode is validated first (an invalid
 * one is refused with `validation_error` on `upc_code_or_gtin`). A barcode the database knows answers
 * from the database, whatever the name says. An unknown barcode falls back to the name, classified by
 * the keyword rules; an unknown barcode without a name is not eligible, with a reason saying the barcode
 * is unknown. A name alone is classified by the rules. Neither field given (blank strings count as not
 * given) is refused with `invalid_request`.
 *
 * @param now - the moment of the check, stamped as `checked_at`.
 * @param rules - the keyword rules; the copy bundled with this package by default.
 */
export function checkEligibility(
  request: EligibilityCheckInput,
  database: EligibilityDatabase,
  now: Date,
  rules: EligibilityRules = eligibilityRules,
): Result<EligibilityCheckResult, 'invalid_request' | 'validation_error'> {
  const checked_at = now.toISOString();
  const name = given(request.product_name) ? request.product_name : undefined;
  if (!given(request.upc_code_or_gtin)) {
    if (name === undefined) {
      return err('invalid_request', 'Send upc_code_or_gtin, product_name or both.');
    }
    const { hsa_fsa_eligible, eligibility_type, reason } = classifyProductName(name, rules);
    return ok({ hsa_fsa_eligible, eligibility_type, reason, checked_at });
  }
  const barcode = normalizeBarcode(request.upc_code_or_gtin);
  if (!barcode.ok) return barcode;
  const { gtin14, alternative, digits } = barcode.value;
  const known: EligibilityRecord | undefined =
    database.barcodes.get(gtin14) ??
    (alternative === null ? undefined : database.barcodes.get(alternative.gtin14));
  if (known !== undefined) {
    const { hsa_fsa_eligible, eligibility_type, reason } = known;
    return ok({ hsa_fsa_eligible, eligibility_type, reason, checked_at });
  }
  const unknown = `barcode ${digits} is not in the eligibility database (version ${database.version})`;
  if (name === undefined) {
    return ok({
      hsa_fsa_eligible: false,
      eligibility_type: null,
      reason: `Not eligible: ${unknown}; send product_name to classify the product by its name.`,
      checked_at,
    });
  }
  const { hsa_fsa_eligible, eligibility_type, reason } = classifyProductName(name, rules);
  return ok({
    hsa_fsa_eligible,
    eligibility_type,
    reason: `${reason} The ${unknown}, so the product was classified by its name.`,
    checked_at,
  });
}
