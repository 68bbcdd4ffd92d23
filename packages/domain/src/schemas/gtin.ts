import { z } from 'zod';
import { normalizeBarcode } from '../eligibility/barcode.ts';

/**
 * A UPC or GTIN barcode: spaces and hyphens are stripped, then it must be 8 (EAN-8 or UPC-E),
 * 12, 13 or 14 digits with a valid GS1 check digit, as `normalizeBarcode` judges it. Parses to the
 * bare digit string.
 */
export const Gtin = z
  .string()
  .overwrite((value) => value.replace(/[\s-]/g, ''))
  .check((payload) => {
    const barcode = normalizeBarcode(payload.value);
    if (!barcode.ok) {
      // The refusal names the field itself; the error mapping adds the param, so drop the prefix.
      const message = barcode.message.replace(/^upc_code_or_gtin /, '');
      payload.issues.push({ code: 'custom', message, input: payload.value });
    }
  });
/** A UPC or GTIN barcode as bare digits. */
export type Gtin = z.infer<typeof Gtin>;
