import type { Mode } from '@glm/domain';

/** What decides who may frame a hosted page and where its messages go. */
export interface FramePolicyInput {
  /** The session's mode: in test mode every local development origin is allowed too. */
  readonly mode: Mode;
  /** The merchant's allowed origins (`createMockService({ allowedOrigins })`), exact origins. */
  readonly allowedOrigins: readonly string[];
  /** The session's `success_url`; its origin is the merchant's own and always allowed. */
  readonly successUrl: string | null;
}

/**
 * Local development hosts. An IPv6 literal such as `[::1]` is not among them: the CSP grammar's
 * host-source has no IPv6 form, so Chrome refuses `http://[::1]:*` in `frame-ancestors` (a console error
 * on every page) and no source can admit such a framer. Serve the framing page on `localhost` instead.
 */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** CSP sources for local development origins on any port, allowed to frame test-mode pages. */
const LOCAL_FRAME_SOURCES: readonly string[] = [...LOCAL_HOSTS].flatMap((host) => [
  `http://${host}:*`,
  `https://${host}:*`,
]);

/** Whether the CSP grammar can name `origin` as a source: not when its host is an IPv6 literal. */
function isCspSource(origin: string): boolean {
  return !new URL(origin).hostname.startsWith('[');
}

/**
 * The origin a string names exactly (`https://shop.example` or `http://localhost:5173`), or `undefined`
 * when it is not an http(s) origin written exactly as browsers serialize it (no path, no trailing slash,
 * default port omitted, lower-case host).
 */
export function exactOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin === value ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origin of an http(s) URL, or `undefined`. */
export function originOf(url: string | null): string | undefined {
  if (url === null) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

const isLocal = (origin: string): boolean => LOCAL_HOSTS.has(new URL(origin).hostname);

/** Whether `origin` may embed the page and receive its messages. */
export function isAllowedEmbedOrigin(origin: string, input: FramePolicyInput): boolean {
  const exact = exactOrigin(origin);
  if (exact === undefined) return false;
  if (input.allowedOrigins.includes(exact) || originOf(input.successUrl) === exact) return true;
  return input.mode === 'test' && isLocal(exact);
}

/**
 * The CSP `frame-ancestors` sources: the allowed origins, the success URL's origin and, in test mode,
 * the local development origins on any port; `'none'` when nothing is allowed. Only sources the CSP
 * grammar accepts are listed: an origin whose host is an IPv6 literal is left out (it cannot frame).
 */
export function frameAncestors(input: FramePolicyInput): readonly string[] {
  const sources = new Set<string>();
  for (const origin of input.allowedOrigins) if (isCspSource(origin)) sources.add(origin);
  const success = originOf(input.successUrl);
  if (success !== undefined && isCspSource(success)) sources.add(success);
  if (input.mode === 'test') for (const source of LOCAL_FRAME_SOURCES) sources.add(source);
  return sources.size === 0 ? ["'none'"] : [...sources];
}

/**
 * The exact `targetOrigin` of the page's messages: the `embed_origin` query parameter when it is
 * allowed, otherwise the origin of the session's `success_url`; `undefined` (post nothing) when neither
 * is usable. Never `*`.
 */
export function messageTargetOrigin(embedOrigin: string | null, input: FramePolicyInput): string | undefined {
  if (embedOrigin !== null && isAllowedEmbedOrigin(embedOrigin, input)) return exactOrigin(embedOrigin);
  return originOf(input.successUrl);
}
