import { err, ok, type Result } from '../result.ts';

/** One `--set field=value` of the command line: the field path and its value. */
export interface SetFlag {
  /** The field path (`customer.email`, `line_items.0.price`). */
  readonly path: string;
  /** The value: JSON when the text is JSON (`5`, `true`, `null`, `"5"`, `{…}`), else the text itself. */
  readonly value: unknown;
}

/**
 * Reads `field=value` (`--set reference_id=cart_42`, `--set line_items.0.price=1999`). The value is JSON
 * when it reads as JSON and the text otherwise, so `--set reference_id=42` sends the number 42: quote it
 * (`--set 'reference_id="42"'`) to send a string of digits.
 */
export function parseSetFlag(text: string): Result<SetFlag, 'invalid_set'> {
  const equals = text.indexOf('=');
  if (equals <= 0) return err('invalid_set', `--set "${text}" is not field=value.`);
  const path = text.slice(0, equals).trim();
  const raw = text.slice(equals + 1);
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // Not JSON: the text itself.
  }
  return ok({ path, value });
}
