import type { ErrorCode } from '@glm/domain';
import type { Answer } from './answer.ts';
import { refusalAnswer } from './answer.ts';

/** Largest accepted request body: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The parsed body and its text as sent (`''` when empty), or the error answer that refuses it. */
export type BodyResult =
  | { readonly ok: true; readonly value: unknown; readonly text: string }
  | { readonly ok: false; readonly answer: Answer };

const isJsonType = (contentType: string): boolean => {
  const essence = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/json' || (essence.startsWith('application/') && essence.endsWith('+json'));
};

/** Reads a request body up to {@link MAX_BODY_BYTES}; `undefined` when it is larger (the stream is cancelled). */
export async function readLimited(request: Request): Promise<Uint8Array | undefined> {
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      // Not awaited: some stream sources (msw's interceptor) settle cancel only after the exchange ends.
      reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Parses a JSON request body from bytes already read (`undefined` when over the limit) and the request's
 * `Content-Type` (`null` when absent), whatever carried them: an empty body is `{}`; over 1 MiB is
 * `413 payload_too_large`; a body that is not declared as JSON is `415 unsupported_media_type`; malformed
 * JSON or invalid UTF-8 is `400` with `malformedCode` (`invalid_request`, or `bad_request` on checkout
 * creation).
 */
export function parseJsonBody(
  bytes: Uint8Array | undefined,
  contentType: string | null,
  malformedCode: ErrorCode,
): BodyResult {
  if (bytes === undefined) return { ok: false, answer: tooLarge() };
  if (bytes.byteLength === 0) return { ok: true, value: {}, text: '' };
  if (!isJsonType(contentType ?? '')) {
    return {
      ok: false,
      answer: refusalAnswer(
        'unsupported_media_type',
        'Request bodies must be JSON (Content-Type: application/json).',
      ),
    };
  }
  try {
    const text = utf8.decode(bytes);
    return { ok: true, value: JSON.parse(text) as unknown, text };
  } catch {
    return { ok: false, answer: refusalAnswer(malformedCode, 'The request body is not valid JSON.') };
  }
}

function tooLarge(): Answer {
  return refusalAnswer('payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
}
