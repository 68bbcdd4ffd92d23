import { err, ok, type Result } from '../result.ts';
import { EligibilityType } from '../schemas/statuses.ts';
import { normalizeBarcode } from './barcode.ts';

/**
 * One barcode's eligibility as the eligibility database states it, in the shape of the eligibility
 * refresh entries. `hsa_fsa_eligible` is `true` exactly when `eligibility_type` is not `null`.
 */
export interface EligibilityDatabaseEntry {
  /** A UPC or GTIN of 8, 12, 13 or 14 digits (spaces and hyphens allowed). */
  readonly upc_code_or_gtin: string;
  /** The product's name, for people reading the database. */
  readonly product_name?: string | undefined;
  /** Whether the product may be paid with an HSA/FSA card. */
  readonly hsa_fsa_eligible: boolean;
  /** The kind of eligibility, `null` when not eligible. */
  readonly eligibility_type: EligibilityType | null;
  /** Why, in one sentence. */
  readonly reason: string;
}

/** An entry of the database once its barcode is validated: keyed by its GTIN as 14 digits. */
export interface EligibilityRecord extends Omit<EligibilityDatabaseEntry, 'upc_code_or_gtin'> {
  /** The barcode's GTIN as 14 digits. */
  readonly gtin14: string;
}

/**
 * The eligibility database: a monthly version (`YYYY-MM`) and the known barcodes, keyed by their
 * GTIN as 14 digits (see `normalizeBarcode`). Build one with {@link createEligibilityDatabase}.
 */
export interface EligibilityDatabase {
  /** The monthly version of the database, `YYYY-MM`. */
  readonly version: string;
  /** The known barcodes, keyed by GTIN-14. */
  readonly barcodes: ReadonlyMap<string, EligibilityRecord>;
}

/**
 * Builds an eligibility database from a version and entries. Refuses, with
 * `validation_error` and the offending field as `param` (`version`, `entries[3].upc_code_or_gtin`, …):
 * a version that is not `YYYY-MM`, an invalid barcode, two entries for the same GTIN (a UPC-A and its
 * GTIN-14 with leading zeros are the same GTIN), an unknown eligibility type, an eligible flag that
 * disagrees with the type, and an empty reason. An 8-digit code that reads both as a UPC-E and as an
 * EAN-8 is keyed by its preferred reading.
 */
export function createEligibilityDatabase(input: {
  readonly version: string;
  readonly entries: readonly EligibilityDatabaseEntry[];
}): Result<EligibilityDatabase, 'validation_error'> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(input.version)) {
    return err('validation_error', `version must be a month as YYYY-MM, not '${input.version}'`, 'version');
  }
  const barcodes = new Map<string, EligibilityRecord>();
  const indexOf = new Map<string, number>();
  for (const [index, entry] of input.entries.entries()) {
    const at = `entries[${index}]`;
    const barcode = normalizeBarcode(entry.upc_code_or_gtin);
    if (!barcode.ok) return err('validation_error', `${at}.${barcode.message}`, `${at}.upc_code_or_gtin`);
    const { gtin14 } = barcode.value;
    const earlier = indexOf.get(gtin14);
    if (earlier !== undefined) {
      return err(
        'validation_error',
        `${at}.upc_code_or_gtin names GTIN ${gtin14}, already given by entries[${earlier}]`,
        `${at}.upc_code_or_gtin`,
      );
    }
    if (entry.eligibility_type !== null && !EligibilityType.safeParse(entry.eligibility_type).success) {
      return err(
        'validation_error',
        `${at}.eligibility_type must be one of ${EligibilityType.options.join(', ')} or null`,
        `${at}.eligibility_type`,
      );
    }
    if (entry.hsa_fsa_eligible !== (entry.eligibility_type !== null)) {
      return err(
        'validation_error',
        `${at}.hsa_fsa_eligible must be true exactly when eligibility_type is not null`,
        `${at}.hsa_fsa_eligible`,
      );
    }
    if (entry.reason.trim() === '') {
      return err('validation_error', `${at}.reason must not be empty`, `${at}.reason`);
    }
    barcodes.set(gtin14, {
      gtin14,
      ...(entry.product_name === undefined ? {} : { product_name: entry.product_name }),
      hsa_fsa_eligible: entry.hsa_fsa_eligible,
      eligibility_type: entry.eligibility_type,
      reason: entry.reason,
    });
    indexOf.set(gtin14, index);
  }
  return ok({ version: input.version, barcodes });
}
