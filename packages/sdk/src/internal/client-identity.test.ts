import { expect, test } from 'vitest';
import { VERSION } from '../version.ts';
import { identityHeaders, identityHeadersFor, runtimeOf } from './client-identity.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36';

test.each([
  ['Node', { process: { versions: { node: '20.19.0' } } }, 'node/20.19.0'],
  [
    'Bun (which has process.versions.node too)',
    { Bun: { version: '1.4.5' }, process: { versions: { node: '24.3.0' } } },
    'bun/1.4.5',
  ],
  [
    'Deno (which has process too)',
    { Deno: { version: { deno: '2.9.6' } }, process: { versions: { node: '24.2.0' } } },
    'deno/2.9.6',
  ],
  ['Cloudflare workerd', { navigator: { userAgent: 'Cloudflare-Workers' } }, 'workerd/unknown'],
  [
    'workerd with Node compatibility',
    { navigator: { userAgent: 'Cloudflare-Workers' }, process: { versions: { node: '22.0.0' } } },
    'workerd/unknown',
  ],
  [
    "Vercel's Edge runtime",
    { EdgeRuntime: 'edge-runtime', navigator: { userAgent: 'Mozilla/5.0' } },
    'edge-runtime/unknown',
  ],
  // A browser names itself in its own User-Agent, which the SDK does not replace.
  ['Chrome', { navigator: { userAgent: CHROME } }, 'browser/unknown'],
  [
    'a browser worker',
    { navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' } },
    'browser/unknown',
  ],
  ['nothing known', {}, 'unknown/unknown'],
])('the runtime of %s is named, with its version where it gives one', (_, scope, expected) => {
  expect(runtimeOf(scope)).toBe(expected);
});

test('a server runtime sends the identity as x-glm-client and User-Agent; a browser keeps its own User-Agent', () => {
  expect(identityHeadersFor({ process: { versions: { node: '20.19.0' } } })).toEqual({
    'user-agent': `@glm/sdk/${VERSION} (node/20.19.0)`,
    'x-glm-client': `@glm/sdk/${VERSION} (node/20.19.0)`,
  });
  expect(identityHeadersFor({ navigator: { userAgent: 'Cloudflare-Workers' } })).toHaveProperty('user-agent');
  expect(identityHeadersFor({ navigator: { userAgent: CHROME } })).toEqual({
    'x-glm-client': `@glm/sdk/${VERSION} (browser/unknown)`,
  });
  expect(identityHeadersFor({})).toEqual({ 'x-glm-client': `@glm/sdk/${VERSION} (unknown/unknown)` });
});

test('this process is Node, with its own version', () => {
  expect(identityHeaders()['x-glm-client']).toBe(`@glm/sdk/${VERSION} (node/${process.versions.node})`);
});
