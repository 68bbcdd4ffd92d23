import { err, ok, type Result } from '../result.ts';
import { Fault } from './fault.ts';

/** The request header that asks the reference server for a fault on that one request. */
export const FAULT_HEADER = 'Glm-Mock-Fault';

/** The keys of the header, in the order {@link formatFaultHeader} writes them. */
const KEYS = ['status', 'code', 'network', 'delay', 'when'] as const;
type HeaderKey = (typeof KEYS)[number];

const isKey = (key: string): key is HeaderKey => (KEYS as readonly string[]).includes(key);

const refuse = (message: string): Result<never, 'invalid_request'> =>
  err('invalid_request', `Invalid ${FAULT_HEADER} header: ${message}`, FAULT_HEADER);

/**
 * Reads a `Glm-Mock-Fault` header: `key=value` pairs separated by `;` (spaces around them ignored), keys
 * `status`, `code`, `network`, `delay` (milliseconds) and `when`. For example `status=503`,
 * `network=reset;when=after`, `delay=2000`. Anything else (an unknown or repeated key, a value that is
 * not one the key takes, a fault that makes no sense) is refused with a message naming what is wrong.
 */
export function parseFaultHeader(text: string): Result<Fault, 'invalid_request'> {
  const fields: Record<string, unknown> = {};
  const parts = text.split(';').map((part) => part.trim());
  if (parts.every((part) => part === '')) return refuse('it is empty (try status=503).');
  for (const part of parts) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    if (equals <= 0) return refuse(`"${part}" is not key=value.`);
    const key = part.slice(0, equals).trim().toLowerCase();
    const value = part.slice(equals + 1).trim();
    if (!isKey(key)) return refuse(`unknown key "${key}" (known: ${KEYS.join(', ')}).`);
    const field = key === 'delay' ? 'delay_ms' : key;
    if (field in fields) return refuse(`"${key}" is given twice.`);
    if (key === 'status' || key === 'delay') {
      if (!/^\d{1,9}$/.test(value)) return refuse(`${key} must be a whole number, not "${value}".`);
      fields[field] = Number(value);
    } else {
      fields[field] = value;
    }
  }
  const parsed = Fault.safeParse(fields);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  const named = field === undefined ? '' : `${field === 'delay_ms' ? 'delay' : String(field)} `;
  return refuse(`${named}${issue?.message ?? 'is not a fault'}.`);
}

/** Writes a fault as the `Glm-Mock-Fault` header value that {@link parseFaultHeader} reads back. */
export function formatFaultHeader(fault: Fault): string {
  const values: Record<HeaderKey, string | number | undefined> = {
    status: fault.status,
    code: fault.code,
    network: fault.network,
    delay: fault.delay_ms,
    when: fault.when,
  };
  return KEYS.flatMap((key) => (values[key] === undefined ? [] : [`${key}=${values[key]}`])).join(';');
}
