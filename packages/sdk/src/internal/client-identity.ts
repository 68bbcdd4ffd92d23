import { VERSION } from '../version.ts';

type Scope = {
  Deno?: { version?: { deno?: unknown } };
  Bun?: { version?: unknown };
  EdgeRuntime?: unknown;
  navigator?: { userAgent?: unknown };
  process?: { versions?: { node?: unknown } };
};

const named = (name: string, version: unknown): string | undefined =>
  typeof version === 'string' ? `${name}/${version}` : undefined;

/** The runtime and its version (`node/20.19.0`); `unknown` where it gives none (workerd, Vercel's Edge). */
export function runtimeOf(scope: Scope): string {
  const userAgent = scope.navigator?.userAgent;
  const server =
    typeof scope.EdgeRuntime === 'string'
      ? 'edge-runtime/unknown'
      : userAgent === 'Cloudflare-Workers'
        ? 'workerd/unknown'
        : named('node', scope.process?.versions?.node);
  return (
    named('deno', scope.Deno?.version?.deno) ??
    named('bun', scope.Bun?.version) ??
    server ??
    `${typeof userAgent === 'string' ? 'browser' : 'unknown'}/unknown`
  );
}

/**
 * `x-glm-client: @glm/sdk/<version> (<runtime>/<version>)`, and the same text as `User-Agent` in a server
 * runtime: a browser keeps its own, and from a page the header would only widen the CORS preflight.
 */
export function identityHeadersFor(scope: Scope): Readonly<Record<string, string>> {
  const runtime = runtimeOf(scope);
  const identity = `@glm/sdk/${VERSION} (${runtime})`;
  const server = !/^(browser|unknown)/.test(runtime);
  return { ...(server && { 'user-agent': identity }), 'x-glm-client': identity };
}

/** {@link identityHeadersFor} this runtime. */
export const identityHeaders = (): Readonly<Record<string, string>> =>
  identityHeadersFor(globalThis as Scope);
