import { err, ok, type Result } from '../result.ts';
import { FaultNetwork } from './fault.ts';
import { readFaultPairs } from './fault-header.ts';
import { FaultRuleCreate } from './fault-rule.ts';

/** What follows a network fault's word in a flag, for the kinds that take more than the word. */
const NETWORK_ARGUMENTS: Partial<Record<FaultNetwork, string>> = { slow_body: ' rate=<bytes/s>' };

/** Every network fault kind as a flag writes it, `|`-separated. */
const networkWords = FaultNetwork.options.map((kind) => `${kind}${NETWORK_ARGUMENTS[kind] ?? ''}`).join('|');

/** The grammar of a fault flag, for messages and help text. */
export const FAULT_FLAG_USAGE = `<METHOD> <path> <status|${networkWords}|delay=<ms|uniform(<min>,<max>)|lognormal(<median>,<sigma>)>>... [after] [xN|x*] or WEBHOOK <event_type|*> <invalid|stale|missing|wrong_secret|drop|delay=<ms>> [xN|x*]`;

const refuse = (text: string, why: string): Result<never, 'invalid_fault'> =>
  err('invalid_fault', `--fault "${text}": ${why} (expected ${FAULT_FLAG_USAGE}).`);

/** The words of a flag: split at spaces, except inside parentheses (`delay=lognormal(200, 0.5)` is one word). */
const wordsOf = (text: string): string[] => text.trim().match(/[^\s(]*\([^)]*\)\S*|\S+/g) ?? [];

/**
 * The `Glm-Mock-Fault` pair a word of the request form stands for: a status (`503` is `status=503`), a
 * network failure (`slow_body` is `network=slow_body`), `after` (`when=after`), or a pair of the header
 * as it is (`rate=512`, `delay=lognormal(200,0.5)`, `code=…`); `undefined` for any other word.
 */
function pairOf(word: string): string | undefined {
  if (/^\d{3}$/.test(word)) return `status=${word}`;
  if (FaultNetwork.safeParse(word).success) return `network=${word}`;
  if (word === 'after') return 'when=after';
  return word.indexOf('=') > 0 ? word : undefined;
}

/**
 * Reads the command line's short form of a fault rule: `POST /v2/checkout 503` (once),
 * `GET /v2/orders/:id timeout x3` (three times), `POST /v2/checkout reset after x*` (the work is done,
 * the answer lost, on every request until the rule is removed), `GET /v2/orders slow_body rate=512 x*`
 * (the body sent at 512 bytes a second), `GET /v2/orders/:id delay=lognormal(200,0.5) x*` (a delay
 * drawn for each request). After the method and path, each word is a status, `reset`, `timeout`,
 * `truncated`, `slow_body`, `after`, a count, or a `key=value` pair of the `Glm-Mock-Fault` header
 * (`rate`, `delay`, `code`, …), read by the header's own parser, so both take the same names and limits.
 * The status must be one of the error table's; the path an API path with its version prefix. The webhook
 * form alters delivery attempts: `WEBHOOK order.completed stale`, `WEBHOOK * drop x3`,
 * `WEBHOOK payment.failed delay=2000 x*`.
 */
export function parseFaultFlag(text: string): Result<FaultRuleCreate, 'invalid_fault'> {
  const words = wordsOf(text);
  if (words[0] === 'WEBHOOK') return parseWebhookFlag(text, words.slice(1));
  const [method, path, ...rest] = words;
  if (method === undefined || path === undefined || rest.every((word) => countOf(word) !== undefined)) {
    return refuse(text, 'it needs a method, a path and what happens');
  }
  let times: number | null = 1;
  const pairs: string[] = [];
  for (const word of rest) {
    const count = countOf(word);
    const pair = pairOf(word);
    if (count !== undefined) times = count;
    else if (pair !== undefined) pairs.push(pair);
    else {
      return refuse(
        text,
        `"${word}" is not a status, ${FaultNetwork.options.join(', ')}, after, a key=value of the Glm-Mock-Fault header (rate=…, delay=…) or a count such as x3 or x*`,
      );
    }
  }
  const fault = readFaultPairs(pairs);
  if (!fault.ok) return refuse(text, fault.message.replace(/\.$/, ''));
  return checked(text, { match: { method, path }, fault: fault.value, times });
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
