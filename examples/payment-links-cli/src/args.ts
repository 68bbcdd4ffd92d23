import { parseArgs } from 'node:util';
import { ADVISED_SPACING_MS } from './bulk-eligibility.ts';

/** The help text, printed on bad usage. */
export const USAGE = `usage: payment-links create --amount <cents> --description <text> [--email <address>]
       payment-links list [--status active|paid|expired|cancelled]
       payment-links cancel <plink_id> [--reason <text>]
       payment-links check <barcode or product name>... [--spacing-ms ${ADVISED_SPACING_MS}]`;

const text = { type: 'string' } as const;
const flagOptions = {
  amount: text,
  description: text,
  email: text,
  status: text,
  reason: text,
  'spacing-ms': text,
};

/** The flags and positionals; `undefined` for an unknown flag or a flag without its value. */
export function parseFlags(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: flagOptions, allowPositionals: true });
  } catch {
    return undefined;
  }
}
