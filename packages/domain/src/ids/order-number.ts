import { err, ok, type Result } from '../result.ts';

/** The largest sequence an order number can carry: six digits. */
const MAX_ORDER_SEQUENCE = 999_999;

/** Why an order number could not be formatted. */
export type OrderNumberRefusal = 'invalid_year' | 'invalid_sequence' | 'sequence_exhausted';

/**
 * Formats an order number, `ORD-<year>-<6-digit sequence>`: `formatOrderNumber(2026, 42)` is
 * `ORD-2026-000042`. The caller owns the counter (per merchant and mode). The sequence starts at 1;
 * past 999999 it is refused with `sequence_exhausted` rather than rolled over or widened, since either
 * would break the documented format or make numbers repeat. A year outside 1000–9999 is `invalid_year`.
 */
export function formatOrderNumber(year: number, sequence: number): Result<string, OrderNumberRefusal> {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) {
    return err('invalid_year', 'The year must be a four-digit integer', 'year');
  }
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    return err('invalid_sequence', 'The sequence must be a positive integer', 'sequence');
  }
  if (sequence > MAX_ORDER_SEQUENCE) {
    return err(
      'sequence_exhausted',
      `The sequence is past ${MAX_ORDER_SEQUENCE}, the most six digits hold`,
      'sequence',
    );
  }
  return ok(`ORD-${year}-${String(sequence).padStart(6, '0')}`);
}
