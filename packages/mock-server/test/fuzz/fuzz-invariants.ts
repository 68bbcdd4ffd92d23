import { ErrorBody } from '@glm/domain';

/** The own property names of `Object.prototype` as the process started: a request must never add one. */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

/** What one answer broke, or `undefined` when it kept every invariant. */
export function brokenInvariant(answer: {
  readonly status: number;
  readonly requestId: string | null;
  readonly text: string;
  readonly before: string;
  readonly after: () => string;
  /** A hosted page answers its errors in HTML, not in the API's error body; a `HEAD` answer has no body. */
  readonly page: boolean;
}): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (!/^req_[0-9A-Za-z]{24}$/.test(answer.requestId ?? '')) return 'no x-request-id';
  if (Object.getOwnPropertyNames(Object.prototype).sort().join(',') !== PROTOTYPE_NAMES) {
    return 'Object.prototype changed';
  }
  if (({} as Record<string, unknown>)['polluted'] !== undefined) return 'Object.prototype polluted';
  if (answer.status < 400) return undefined;
  // A declined card (402) records the failed payment on purpose; every other refusal changes nothing.
  if (answer.status !== 402 && answer.after() !== answer.before)
    return `refusal ${answer.status} changed the store`;
  if (answer.page) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `error ${answer.status} is not JSON`;
  }
  if (!ErrorBody.safeParse(body).success) return `error ${answer.status} is not in the error body shape`;
  // A declined card (402) records the failed payment on purpose; every other refusal changes nothing.
  if (answer.status !== 402 && answer.after() !== answer.before)
    return `refusal ${answer.status} changed the store`;
  return undefined;
}
