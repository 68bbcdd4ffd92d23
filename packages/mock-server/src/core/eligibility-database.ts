import {
  checkEligibility,
  createEligibilityDatabase,
  type EligibilityCheckResult,
  type EligibilityDatabase,
  type EligibilityDatabaseEntry,
  sampleEligibilityEntries,
} from '@glm/domain';

/** Version of the database a new service starts with (`YYYY-MM`). */
const SAMPLE_DATABASE_VERSION = '2025-01';

/** The outcome of one check: the domain's result, or its refusal code and message. */
type EligibilityOutcome =
  | { readonly ok: true; readonly value: EligibilityCheckResult }
  | {
      readonly ok: false;
      readonly code: 'invalid_request' | 'validation_error';
      readonly message: string;
      readonly param?: string;
    };

/**
 * The eligibility database of one service instance: the domain's sample barcodes and keyword
 * rules, versioned, and refreshable. Checks are the domain's `checkEligibility`.
 */
export interface EligibilityService {
  /** The database version, `YYYY-MM`. */
  readonly version: string;
  /** The barcode entries in force (the sample entries until a refresh adds or replaces some). */
  readonly entries: readonly EligibilityDatabaseEntry[];
  /** Checks a barcode and/or name at `now`. */
  check(
    input: { readonly upc?: string | null | undefined; readonly name?: string | null | undefined },
    now: Date,
  ): EligibilityOutcome;
  /** Installs a new version with added or replaced barcode entries; answers a refusal message when invalid. */
  refresh(
    version: string,
    entries: readonly EligibilityDatabaseEntry[],
  ): { readonly ok: true } | { readonly ok: false; readonly message: string; readonly param?: string };
}

/** Creates the database holding the domain's sample entries at {@link SAMPLE_DATABASE_VERSION}. */
export function createEligibilityService(): EligibilityService {
  let entries: readonly EligibilityDatabaseEntry[] = sampleEligibilityEntries;
  const initial = createEligibilityDatabase({ version: SAMPLE_DATABASE_VERSION, entries });
  if (!initial.ok) throw new Error(`The sample eligibility database is invalid: ${initial.message}`);
  let database: EligibilityDatabase = initial.value;
  return {
    get version() {
      return database.version;
    },
    get entries() {
      return entries;
    },
    check: ({ upc, name }, now) =>
      checkEligibility({ upc_code_or_gtin: upc, product_name: name }, database, now),
    refresh(version, updates) {
      const replaced = new Set(updates.map((entry) => entry.upc_code_or_gtin.replace(/[\s-]/g, '')));
      const merged = [
        ...entries.filter((entry) => !replaced.has(entry.upc_code_or_gtin.replace(/[\s-]/g, ''))),
        ...updates,
      ];
      const next = createEligibilityDatabase({ version, entries: merged });
      if (!next.ok)
        return next.param === undefined
          ? { ok: false, message: next.message }
          : { ok: false, message: next.message, param: next.param };
      entries = merged;
      database = next.value;
      return { ok: true };
    },
  };
}
