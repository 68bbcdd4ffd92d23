import { VERSION } from '../../version.ts';

type Scope = {
  Deno?: { version?: { deno?: unknown } };
  Bun?: { version?: unknown };
  EdgeRuntime?: unknown;
  navigator?: { userAgent?: unknown };
  process?: { versions?: { node?: unknown } };
};

const named = (name: string, version: unknown): string | undefined =>
  typeof version === 'string' ? `${name}/${version}` : undefined;

/**
 * The runtime and its version (`node/20.19.0`): `deno`, `bun`, `edge-runtime` (Vercel's Edge, which gives
 * no version), `workerd` (Cloudflare's, which neither does), `node`, `browser` (a page or a browser
 * worker: the browser names itself in its own `User-Agent`), else `unknown/unknown`.
 */
export function runtimeOf(scope: Scope): string {
  const userAgent = scope.navigator?.userAgent;
  return (
    named('deno', scope.Deno?.version?.deno) ??
    named('bun', scope.Bun?.version) ??
    (typeof scope.EdgeRuntime === 'string'
      ? 'edge-runtime/unknown'
      : userAgent === 'Cloudflare-Workers'
        ? 'workerd/unknown'
        : (named('node', scope.process?.versions?.node) ??
          `${typeof userAgent === 'string' ? 'browser' : 'unknown'}/unknown`))
  );
}

/**
 * The headers that say which client sent a request: `x-glm-client: @glm/sdk/<version> (<runtime>/<version>)`
 * always, and the same text as `User-Agent` in a server runtime (Node, Bun, Deno, workerd, Vercel's
 * Edge): a browser keeps its own, and from a page the header would only widen the CORS preflight.
 */
export function identityHeadersFor(scope: Scope): Readonly<Record<string, string>> {
  const runtime = runtimeOf(scope);
  const identity = `@glm/sdk/${VERSION} (${runtime})`;
  return /^(browser|unknown)/.test(runtime)
    ? { 'x-glm-client': identity }
    : { 'user-agent': identity, 'x-glm-client': identity };
}

let ours: Readonly<Record<string, string>> | undefined;

/** {@link identityHeadersFor} this runtime, computed once. */
export function identityHeaders(): Readonly<Record<string, string>> {
  ours ??= identityHeadersFor(globalThis as Scope);
  return ours;
}
