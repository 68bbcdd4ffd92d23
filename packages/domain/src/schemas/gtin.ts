import { z } from 'zod';

/** Whether a digit string of GTIN-8, -12, -13 or -14 length ends in a valid GS1 check digit. */
export function hasValidGtinCheckDigit(digits: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(digits)) return false;
  let sum = 0;
  // GS1: weights alternate 3, 1, 3, … from the digit left of the check digit, going leftwards.
  for (let index = digits.length - 2, weight = 3; index >= 0; index -= 1, weight = 4 - weight) {
    sum += Number(digits[index]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/**
 * A UPC or GTIN barcode (D12): spaces and hyphens are stripped, then it must be 8, 12, 13 or 14 digits
 * with a valid GS1 check digit. Parses to the bare digit string.
 */
export const Gtin = z
  .string()
  .overwrite((value) => value.replace(/[\s-]/g, ''))
  .refine(hasValidGtinCheckDigit, 'must be a UPC or GTIN of 8, 12, 13 or 14 digits with a valid check digit');
/** A UPC or GTIN barcode as bare digits (D12). */
export type Gtin = z.infer<typeof Gtin>;
