import { readLimited } from '../../http/read-body.ts';

/**
 * Reads an `application/x-www-form-urlencoded` body; answers `undefined` when it is over the server's
 * body limit (1 MiB) or of another type. An empty body is an empty form.
 */
export async function readForm(request: Request): Promise<URLSearchParams | undefined> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (request.body === null) return new URLSearchParams();
  if (type !== 'application/x-www-form-urlencoded') return undefined;
  const bytes = await readLimited(request);
  return bytes === undefined ? undefined : new URLSearchParams(new TextDecoder().decode(bytes));
}

/** A card number as typed (spaces and hyphens allowed), as digits; `undefined` when it is not 12–19 digits. */
export function cardDigits(value: string | null): string | undefined {
  if (value === null) return undefined;
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : undefined;
}
