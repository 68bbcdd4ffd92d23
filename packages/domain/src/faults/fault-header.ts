import { err, ok, type Result } from '../result.ts';
import { type DelayDistribution, Fault } from './fault.ts';

/** The request header that asks the reference server for a fault on that one request. */
export const FAULT_HEADER = 'Glm-Mock-Fault';

/** The keys of the header, in the order {@link formatFaultHeader} writes them. */
const KEYS = ['status', 'code', 'network', 'rate', 'delay', 'when'] as const;
type HeaderKey = (typeof KEYS)[number];

const isKey = (key: string): key is HeaderKey => (KEYS as readonly string[]).includes(key);

const refuse = (message: string): Result<never, 'invalid_request'> =>
  err('invalid_request', `Invalid ${FAULT_HEADER} header: ${message}`, FAULT_HEADER);

const bare = (message: string): Result<never, 'invalid_request'> => err('invalid_request', message);

/**
 * Reads a `Glm-Mock-Fault` header: `key=value` pairs separated by `;` (spaces around them ignored), keys
 * `status`, `code`, `network` (with `rate`, bytes a second, for `slow_body`), `delay` (milliseconds, or drawn for each request from the server's seeded
 * random source: `uniform(<min>,<max>)`, `lognormal(<median>,<sigma>)`) and `when`. For example
 * `status=503`, `network=reset;when=after`, `delay=2000`, `delay=lognormal(200,0.5)`. Anything else (an unknown or repeated key, a value that is
 * not one the key takes, a fault that makes no sense) is refused with a message naming what is wrong.
 */
export function parseFaultHeader(text: string): Result<Fault, 'invalid_request'> {
  const parts = text.split(';').map((part) => part.trim());
  if (parts.every((part) => part === '')) return refuse('it is empty (try status=503).');
  const read = readFaultPairs(parts.filter((part) => part !== ''));
  return read.ok ? read : refuse(read.message);
}

/**
 * Reads the `key=value` pairs of a fault, as the `Glm-Mock-Fault` header spells them (`status=503`,
 * `network=slow_body`, `rate=512`, `delay=lognormal(200,0.5)`, `when=after`): the one grammar of a
 * fault's fields, which the header and the command line's `--fault` form both read. A refusal's message
 * names the key that is wrong (`rate must be …`), without saying where the pairs came from.
 */
export function readFaultPairs(pairs: readonly string[]): Result<Fault, 'invalid_request'> {
  const fields: Record<string, unknown> = {};
  for (const part of pairs) {
    const equals = part.indexOf('=');
    if (equals <= 0) return bare(`"${part}" is not key=value.`);
    const key = part.slice(0, equals).trim().toLowerCase();
    const value = part.slice(equals + 1).trim();
    if (!isKey(key)) return bare(`unknown key "${key}" (known: ${KEYS.join(', ')}).`);
    const drawn = key === 'delay' ? delayDistributionOf(value) : undefined;
    const field =
      key === 'delay' && drawn === undefined ? 'delay_ms' : key === 'rate' ? 'rate_bytes_per_second' : key;
    if (field in fields || (key === 'delay' && ('delay' in fields || 'delay_ms' in fields))) {
      return bare(`"${key}" is given twice.`);
    }
    if (drawn !== undefined) {
      fields[field] = drawn;
    } else if (key === 'status' || key === 'delay' || key === 'rate') {
      if (!/^\d{1,9}$/.test(value)) {
        const forms = key === 'delay' ? ', uniform(<min>,<max>) or lognormal(<median>,<sigma>)' : '';
        return bare(`${key} must be a whole number${forms}, not "${value}".`);
      }
      fields[field] = Number(value);
    } else {
      fields[field] = value;
    }
  }
  const parsed = Fault.safeParse(fields);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  const inner = issue?.path[1];
  const headerKey = field === 'delay_ms' ? 'delay' : field === 'rate_bytes_per_second' ? 'rate' : field;
  const named =
    field === undefined ? '' : `${String(headerKey)}${inner === undefined ? '' : ` ${String(inner)}`} `;
  return bare(`${named}${issue?.message ?? 'is not a fault'}.`);
}

/** Reads `uniform(<min>,<max>)` or `lognormal(<median>,<sigma>)` (milliseconds); `undefined` for anything else. */
function delayDistributionOf(value: string): DelayDistribution | undefined {
  const uniform = /^uniform\(\s*(\d{1,9})\s*,\s*(\d{1,9})\s*\)$/.exec(value);
  if (uniform !== null) {
    return { distribution: 'uniform', min_ms: Number(uniform[1]), max_ms: Number(uniform[2]) };
  }
  const lognormal = /^lognormal\(\s*(\d{1,9})\s*,\s*(\d{1,3}(?:\.\d{1,6})?)\s*\)$/.exec(value);
  if (lognormal !== null) {
    return { distribution: 'lognormal', median_ms: Number(lognormal[1]), sigma: Number(lognormal[2]) };
  }
  return undefined;
}

/** The header's spelling of a drawn delay. */
function formatDistribution(delay: DelayDistribution): string {
  return delay.distribution === 'uniform'
    ? `uniform(${delay.min_ms},${delay.max_ms})`
    : `lognormal(${delay.median_ms},${delay.sigma})`;
}

/** Writes a fault as the `Glm-Mock-Fault` header value that {@link parseFaultHeader} reads back. */
export function formatFaultHeader(fault: Fault): string {
  const values: Record<HeaderKey, string | number | undefined> = {
    status: fault.status,
    code: fault.code,
    network: fault.network,
    rate: fault.rate_bytes_per_second,
    delay: fault.delay === undefined ? fault.delay_ms : formatDistribution(fault.delay),
    when: fault.when,
  };
  return KEYS.flatMap((key) => (values[key] === undefined ? [] : [`${key}=${values[key]}`])).join(';');
}
