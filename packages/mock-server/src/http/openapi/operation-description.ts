import type { Endpoint } from '../endpoint.ts';

const lowerFirst = (text: string): string => `${text[0]?.toLowerCase() ?? ''}${text.slice(1)}`;

/**
 * The description of an operation: its own rules (`doc.description`), else its summary and what it
 * answers; then what the route's flags mean for a caller (test-only, the checkout envelope, safe
 * retries). Every operation gets one, so tools that show descriptions (and linters that ask for them)
 * have something to say for routes added later too.
 */
export function operationDescription(endpoint: Endpoint): string {
  const { doc } = endpoint;
  const parts = [
    doc.description ??
      `${doc.summary}; answers ${doc.success.status} with ${lowerFirst(doc.success.description)}`,
  ];
  if (endpoint.testOnly === true) parts.push('A test helper: a live key is refused with `403 forbidden`.');
  if (endpoint.envelope !== undefined)
    parts.push(
      'Answered in the `{success, message, data, metadata}` envelope; errors carry `success: false`.',
    );
  if (endpoint.method === 'POST' && endpoint.public !== true)
    parts.push('An `Idempotency-Key` makes a retry safe.');
  return parts.join(' ');
}
