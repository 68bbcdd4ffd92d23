import type { PaymentLink } from '@glm/sdk';
import type { BulkResult } from './bulk-eligibility.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** One line per link: id, status, amount, description, URL. */
export function formatLink(link: PaymentLink): string {
  return [
    link.id,
    link.status.padEnd(9),
    dollars(link.amount_cents).padStart(10),
    link.description,
    link.url,
  ].join('  ');
}

/** One line per eligibility answer. */
export function formatResult({ query, result }: BulkResult): string {
  const verdict = result.hsa_fsa_eligible ? `eligible (${result.eligibility_type})` : 'not eligible';
  return `${query}: ${verdict}: ${result.reason}`;
}

const statuses = ['active', 'paid', 'expired', 'cancelled'] as const;

/** The `--status` filter: a known status, `undefined` when absent, `'invalid'` otherwise. */
export function linkStatusOf(value: string | undefined): (typeof statuses)[number] | undefined | 'invalid' {
  if (value === undefined) return undefined;
  return statuses.find((status) => status === value) ?? 'invalid';
}
