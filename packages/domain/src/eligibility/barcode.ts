import { err, ok, type Result } from '../result.ts';

// The request field that carries a barcode: refusals about a barcode name it as their `param`.
const BARCODE_PARAM = 'upc_code_or_gtin';

/** The symbologies a barcode's digits can stand for. */
export type BarcodeKind = 'EAN-8' | 'UPC-E' | 'UPC-A' | 'EAN-13' | 'GTIN-14';

/** One way to read a barcode: its symbology and the GTIN it identifies, padded to 14 digits. */
interface BarcodeReading {
  /** The symbology the digits were read as. */
  readonly kind: BarcodeKind;
  /** The identified GTIN as 14 digits, the key of the eligibility database. */
  readonly gtin14: string;
}

/**
 * A valid barcode. `kind` and `gtin14` are the preferred reading; `alternative` is the other
 * reading of an 8-digit code that is valid both as an EAN-8 and as a UPC-E (`null` otherwise).
 */
export interface NormalizedBarcode extends BarcodeReading {
  /** The digits as given, spaces and hyphens removed. */
  readonly digits: string;
  /** The other valid reading of an ambiguous 8-digit code, or `null`. */
  readonly alternative: BarcodeReading | null;
}

const kindByLength: Readonly<Record<number, BarcodeKind>> = { 12: 'UPC-A', 13: 'EAN-13', 14: 'GTIN-14' };

// GS1 mod-10: weights 3, 1, 3, … from the rightmost digit leftwards (digits only, not checked here).
function checkDigitOf(digits: string): number {
  let sum = 0;
  for (let index = digits.length - 1, weight = 3; index >= 0; index -= 1, weight = 4 - weight) {
    sum += Number(digits[index]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The GS1 mod-10 check digit of a GTIN (or any GS1 key) given without its check digit: 1 to 17
 * digits. Anything else is refused with `validation_error`.
 */
export function gtinCheckDigit(digitsWithoutCheck: string): Result<number, 'validation_error'> {
  if (!/^\d{1,17}$/.test(digitsWithoutCheck)) {
    return err('validation_error', 'a GS1 check digit is computed over 1 to 17 digits');
  }
  return ok(checkDigitOf(digitsWithoutCheck));
}

// The first 11 digits of the UPC-A that a UPC-E number system digit and six body digits stand for.
function expandBody(numberSystem: string, body: string): string {
  const [d1 = '', d2 = '', d3 = '', d4 = '', d5 = '', d6 = ''] = body;
  switch (d6) {
    case '0':
    case '1':
    case '2':
      return `${numberSystem}${d1}${d2}${d6}0000${d3}${d4}${d5}`;
    case '3':
      return `${numberSystem}${d1}${d2}${d3}00000${d4}${d5}`;
    case '4':
      return `${numberSystem}${d1}${d2}${d3}${d4}00000${d5}`;
    default:
      return `${numberSystem}${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
}

/**
 * Expands an 8-digit UPC-E code (number system 0 or 1, six digits, check digit) to the 12-digit UPC-A
 * it stands for, by the GS1 zero-suppression rules on its sixth digit: 0–2, 3, 4 and 5–9. The UPC-A's
 * check digit is computed from the expansion; the UPC-E is valid when it ends in that same digit.
 */
export function expandUpcE(upcE: string): Result<string, 'validation_error'> {
  if (!/^[01]\d{7}$/.test(upcE)) {
    return err('validation_error', 'a UPC-E code is 8 digits starting with 0 or 1', BARCODE_PARAM);
  }
  const upcA = expandBody(upcE.slice(0, 1), upcE.slice(1, 7));
  return ok(`${upcA}${checkDigitOf(upcA)}`);
}

// Every valid reading of a digit string of a barcode length, preferred reading first. An 8-digit code
// may be an EAN-8, a UPC-E, or both: GS1-8 prefix 0 is for restricted-circulation numbers (RCN-8), never
// a trade item, so a code starting with 0 is read as a UPC-E first; one starting with 1 as an EAN-8 first.
function readingsOf(digits: string): { readings: BarcodeReading[]; expected: string } {
  const given = digits.slice(0, -1);
  const kind = kindByLength[digits.length];
  if (kind !== undefined) {
    const expected = checkDigitOf(given);
    const valid = digits.endsWith(String(expected));
    return {
      readings: valid ? [{ kind, gtin14: digits.padStart(14, '0') }] : [],
      expected: `${expected} (${kind})`,
    };
  }
  const ean8 = checkDigitOf(given);
  const readings: BarcodeReading[] = [];
  if (digits.endsWith(String(ean8))) readings.push({ kind: 'EAN-8', gtin14: digits.padStart(14, '0') });
  const upcA = expandUpcE(digits);
  if (!upcA.ok) return { readings, expected: `${ean8} (EAN-8)` };
  if (upcA.value.endsWith(digits.slice(-1))) {
    const reading: BarcodeReading = { kind: 'UPC-E', gtin14: upcA.value.padStart(14, '0') };
    if (digits.startsWith('0')) readings.unshift(reading);
    else readings.push(reading);
  }
  return { readings, expected: `${ean8} (EAN-8) or ${upcA.value.slice(-1)} (UPC-E)` };
}

/**
 * Validates and normalizes a UPC or GTIN barcode: spaces and hyphens are stripped, then it must be
 * 8 (EAN-8 or UPC-E), 12 (UPC-A), 13 (EAN-13) or 14 (GTIN-14) digits ending in a valid GS1 check digit.
 * Anything else is refused with `validation_error` on `upc_code_or_gtin`, and a message that says what
 * is wrong: the characters, the length or the check digit.
 */
export function normalizeBarcode(input: string): Result<NormalizedBarcode, 'validation_error'> {
  const refuse = (problem: string) => err('validation_error', `${BARCODE_PARAM} ${problem}`, BARCODE_PARAM);
  const digits = input.replace(/[\s-]/g, '');
  if (digits.length === 0) return refuse('is empty: a UPC or GTIN has 8, 12, 13 or 14 digits');
  const stray = /[^\d\s-]/.exec(input);
  if (stray !== null) {
    return refuse(
      `may contain only digits, spaces and hyphens; found '${stray[0]}' at position ${stray.index + 1}`,
    );
  }
  if (![8, 12, 13, 14].includes(digits.length)) {
    return refuse(`must have 8, 12, 13 or 14 digits; found ${digits.length}`);
  }
  const { readings, expected } = readingsOf(digits);
  const [preferred, alternative = null] = readings;
  if (preferred === undefined) {
    return refuse(
      `has an invalid check digit: the last digit should be ${expected}, not ${digits.slice(-1)}`,
    );
  }
  return ok({ ...preferred, digits, alternative });
}
