import type { Html } from './html.ts';

/** Who may frame a page and where its forms may go (beyond its own origin). */
export interface PagePolicy {
  /** CSP `frame-ancestors` sources; `["'none'"]` forbids framing. */
  readonly frameAncestors: readonly string[];
  /** Origins a form may navigate to besides `'self'` (the redirect targets: Chrome checks redirects too). */
  readonly formTargets?: readonly string[];
  /** `Referrer-Policy`; default `no-referrer` (the checkout URL carries its token). */
  readonly referrerPolicy?: 'no-referrer' | 'same-origin';
  /** CSP `connect-src` sources (what the page's script may fetch); none by default. */
  readonly connectSources?: readonly string[];
}

/** The policy of pages that are never framed (error pages). */
export const NO_FRAMING: PagePolicy = { frameAncestors: ["'none'"] };

/**
 * The dashboard's policy: never framed; `same-origin` referrers, so its form POSTs carry their `Origin`;
 * its script may fetch its own pages again (live updates).
 */
export const DASHBOARD_POLICY: PagePolicy = {
  frameAncestors: ["'none'"],
  referrerPolicy: 'same-origin',
  connectSources: ["'self'"],
};

/**
 * The security headers of every hosted page: a CSP that allows only this origin's stylesheet and script
 * (no inline code, no third-party request of any kind), framing only by the policy's origins, forms only
 * to this origin and the policy's redirect targets; `nosniff`; no referrer by default (the checkout URL
 * carries its access token); no caching.
 */
function securityHeaders(policy: PagePolicy): Record<string, string> {
  const formAction = ["'self'", ...(policy.formTargets ?? [])].join(' ');
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    ...(policy.connectSources === undefined ? [] : [`connect-src ${policy.connectSources.join(' ')}`]),
    `form-action ${formAction}`,
    `frame-ancestors ${policy.frameAncestors.join(' ')}`,
    "base-uri 'none'",
  ].join('; ');
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': policy.referrerPolicy ?? 'no-referrer',
    'cache-control': 'no-store',
  };
  if (policy.frameAncestors.length === 1 && policy.frameAncestors[0] === "'none'") {
    headers['x-frame-options'] = 'DENY';
  }
  return headers;
}

/** An HTML page answer with the security headers of {@link securityHeaders}. */
export function pageResponse(
  status: number,
  document: Html,
  policy: PagePolicy,
  extraHeaders: Readonly<Record<string, string>> = {},
): Response {
  return new Response(document.markup, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', ...securityHeaders(policy), ...extraHeaders },
  });
}

/** A `303 See Other` to `location` (after a form POST), with the security headers. */
export function seeOther(location: string, extraHeaders: Readonly<Record<string, string>> = {}): Response {
  return new Response(null, {
    status: 303,
    headers: { location, ...securityHeaders(NO_FRAMING), ...extraHeaders },
  });
}
