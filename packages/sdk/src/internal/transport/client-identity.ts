import { VERSION } from '../../version.ts';

type Scope = {
  Deno?: { version?: { deno?: unknown } };
  Bun?: { version?: unknown };
  EdgeRuntime?: unknown;
  navigator?: { userAgent?: unknown };
  process?: { versions?: { node?: unknown } };
};

// Browsers, as `navigator.userAgent` names them: the first token that matches wins (Edge says Chrome too,
// Chrome says Safari too; Safari gives its version as `Version/`).
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/Edg\/([\d.]+)/, 'edge'],
  [/Firefox\/([\d.]+)/, 'firefox'],
  [/Chrome\/([\d.]+)/, 'chrome'],
  [/Version\/([\d.]+).*Safari/, 'safari'],
];

// The server runtimes, where a script may set `User-Agent`: a browser keeps its own, and from a page or a
// browser worker the header would only widen the CORS preflight.
const SERVER_RUNTIMES = /^(node|bun|deno|workerd|edge-runtime)\//;

/** The runtime and its version (`node/20.19.0`), `unknown` where the runtime does not say. */
export function runtimeOf(scope: Scope): string {
  const deno = scope.Deno?.version?.deno;
  if (typeof deno === 'string') return `deno/${deno}`;
  const bun = scope.Bun?.version;
  if (typeof bun === 'string') return `bun/${bun}`;
  // Vercel's Edge runtime names itself in a global string; it gives no version.
  if (typeof scope.EdgeRuntime === 'string') return `edge-runtime/unknown`;
  const userAgent = scope.navigator?.userAgent;
  // Cloudflare's workerd says who it is, but not its version.
  if (userAgent === 'Cloudflare-Workers') return 'workerd/unknown';
  const node = scope.process?.versions?.node;
  if (typeof node === 'string') return `node/${node}`;
  if (typeof userAgent === 'string') {
    for (const [pattern, name] of BROWSERS) {
      const version = pattern.exec(userAgent)?.[1];
      if (version !== undefined) return `${name}/${version}`;
    }
  }
  return 'unknown/unknown';
}

/**
 * The headers that say which client sent a request: `x-glm-client: @glm/sdk/<version> (<runtime>/<version>)`
 * always, and the same text as `User-Agent` in a server runtime (Node, Bun, Deno, workerd, Vercel's Edge).
 */
export function identityHeadersFor(scope: Scope): Readonly<Record<string, string>> {
  const runtime = runtimeOf(scope);
  const identity = `@glm/sdk/${VERSION} (${runtime})`;
  return SERVER_RUNTIMES.test(runtime)
    ? { 'user-agent': identity, 'x-glm-client': identity }
    : { 'x-glm-client': identity };
}

let ours: Readonly<Record<string, string>> | undefined;

/** {@link identityHeadersFor} this runtime, computed once. */
export function identityHeaders(): Readonly<Record<string, string>> {
  ours ??= identityHeadersFor(globalThis as Scope);
  return ours;
}
