import { err, ok, type Result } from '../result.ts';
import { FaultNetwork } from './fault.ts';
import { FaultRuleCreate } from './fault-rule.ts';

/** The grammar of a fault flag, for messages and help text. */
export const FAULT_FLAG_USAGE =
  '<METHOD> <path> <status|reset|timeout|truncated> [after] [xN|x*] or WEBHOOK <event_type|*> <invalid|stale|missing|wrong_secret|drop|delay=<ms>> [xN|x*]';

const refuse = (text: string, why: string): Result<never, 'invalid_fault'> =>
  err('invalid_fault', `--fault "${text}": ${why} (expected ${FAULT_FLAG_USAGE}).`);

/**
 * Reads the command line's short form of a fault rule: `POST /v2/checkout 503` (once),
 * `GET /v2/orders/:id timeout x3` (three times), `POST /v2/checkout reset after x*` (the work is done,
 * the answer lost, on every request until the rule is removed). The status must be one of the error
 * table's; the path an API path with its version prefix. The webhook form alters delivery attempts:
 * `WEBHOOK order.completed stale`, `WEBHOOK * drop x3`, `WEBHOOK payment.failed delay=2000 x*`.
 */
export function parseFaultFlag(text: string): Result<FaultRuleCreate, 'invalid_fault'> {
  const words = text.trim().split(/\s+/);
  if (words[0] === 'WEBHOOK') return parseWebhookFlag(text, words.slice(1));
  const [method, path, effect, ...rest] = words;
  if (method === undefined || path === undefined || effect === undefined || method === '') {
    return refuse(text, 'it needs a method, a path and what happens');
  }
  let when: 'after' | undefined;
  let times: number | null = 1;
  for (const word of rest) {
    if (word === 'after' && when === undefined) when = 'after';
    else if (countOf(word) !== undefined) times = countOf(word) ?? null;
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
  return checked(text, { match: { method, path }, fault, times });
}

/** The count word of a flag (`x3`, `x*`), or `undefined` when it is not one. */
function countOf(word: string): number | null | undefined {
  if (word === 'x*') return null;
  return /^x[1-9]\d{0,5}$/.test(word) ? Number(word.slice(1)) : undefined;
}

/** What a webhook flag's effect word does to the attempts it catches. */
function webhookEffect(effect: string): Record<string, unknown> | undefined {
  if (effect === 'drop') return { drop: true };
  const delay = /^delay=(\d{1,9})$/.exec(effect);
  if (delay !== null) return { delay_ms: Number(delay[1]) };
  return ['invalid', 'stale', 'missing', 'wrong_secret'].includes(effect) ? { signature: effect } : undefined;
}

/**
 * Reads the webhook form: `WEBHOOK order.completed stale` (the first matching delivery attempt, once),
 * `WEBHOOK * drop x3`, `WEBHOOK payment.failed delay=2000 x*`.
 */
function parseWebhookFlag(text: string, words: readonly string[]): Result<FaultRuleCreate, 'invalid_fault'> {
  const [eventType, effect, count, ...extra] = words;
  if (eventType === undefined || effect === undefined) {
    return refuse(text, 'it needs an event type (or *) and what happens');
  }
  if (extra.length > 0) return refuse(text, `"${extra[0]}" is more than the flag takes`);
  const times = count === undefined ? 1 : countOf(count);
  if (times === undefined) return refuse(text, `"${count}" is not a count such as x3 or x*`);
  const fault = webhookEffect(effect);
  if (fault === undefined) {
    return refuse(text, `"${effect}" is none of invalid, stale, missing, wrong_secret, drop or delay=<ms>`);
  }
  const webhook = eventType === '*' ? {} : { event_type: eventType };
  return checked(text, { match: { webhook }, fault, times });
}

/** The rule a flag spells, or the refusal naming the field zod refused. */
function checked(text: string, rule: unknown): Result<FaultRuleCreate, 'invalid_fault'> {
  const parsed = FaultRuleCreate.safeParse(rule);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const field = issue?.path.at(-1);
  return refuse(
    text,
    `${field === undefined ? '' : `${String(field)} `}${issue?.message ?? 'is not a fault rule'}`,
  );
}
