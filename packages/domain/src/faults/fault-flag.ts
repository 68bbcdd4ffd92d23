import { err, ok, type Result } from '../result.ts';
import { FaultNetwork } from './fault.ts';
import { FaultRuleCreate } from './fault-rule.ts';

/** The grammar of a fault flag, for messages and help text. */
export const FAULT_FLAG_USAGE = '<METHOD> <path> <status|reset|timeout|truncated> [after] [xN|x*]';

const refuse = (text: string, why: string): Result<never, 'invalid_fault'> =>
  err('invalid_fault', `--fault "${text}": ${why} (expected ${FAULT_FLAG_USAGE}).`);

/**
 * Reads the command line's short form of a fault rule: `POST /v2/checkout 503` (once),
 * `GET /v2/orders/:id timeout x3` (three times), `POST /v2/checkout reset after x*` (the work is done,
 * the answer lost, on every request until the rule is removed). The status must be one of the error
 * table's; the path an API path with its version prefix.
 */
export function parseFaultFlag(text: string): Result<FaultRuleCreate, 'invalid_fault'> {
  const words = text.trim().split(/\s+/);
  const [method, path, effect, ...rest] = words;
  if (method === undefined || path === undefined || effect === undefined || method === '') {
    return refuse(text, 'it needs a method, a path and what happens');
  }
  let when: 'after' | undefined;
  let times: number | null = 1;
  for (const word of rest) {
    if (word === 'after' && when === undefined) when = 'after';
    else if (word === 'x*') times = null;
    else if (/^x[1-9]\d{0,5}$/.test(word)) times = Number(word.slice(1));
    else return refuse(text, `"${word}" is neither "after" nor a count such as x3 or x*`);
  }
  const network = FaultNetwork.safeParse(effect);
  const fault = network.success
    ? { network: network.data, ...(when === undefined ? {} : { when }) }
    : /^\d{3}$/.test(effect)
      ? { status: Number(effect), ...(when === undefined ? {} : { when }) }
      : undefined;
  if (fault === undefined)
    return refuse(text, `"${effect}" is neither a status nor reset, timeout or truncated`);
  const parsed = FaultRuleCreate.safeParse({ match: { method, path }, fault, times });
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const field = issue?.path.at(-1);
  return refuse(
    text,
    `${field === undefined ? '' : `${String(field)} `}${issue?.message ?? 'is not a fault rule'}`,
  );
}
