import { expect, test } from 'vitest';
import { VERSION } from '../../version.ts';
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
  ['Chrome', { navigator: { userAgent: CHROME } }, 'chrome/131.0.6778.85'],
  [
    'Firefox',
    { navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' } },
    'firefox/133.0',
  ],
  [
    'Safari',
    {
      navigator: {
        userAgent:
          'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      },
    },
    'safari/18.1',
  ],
  ['Edge', { navigator: { userAgent: `${CHROME} Edg/131.0.2903.70` } }, 'edge/131.0.2903.70'],
  ['nothing known', {}, 'unknown/unknown'],
])('the runtime of %s is named with its version', (_, scope, expected) => {
  expect(runtimeOf(scope)).toBe(expected);
});

test('a server runtime sends the identity as x-glm-client and User-Agent; a browser keeps its own User-Agent', () => {
  expect(identityHeadersFor({ process: { versions: { node: '20.19.0' } } })).toEqual({
    'user-agent': `@glm/sdk/${VERSION} (node/20.19.0)`,
    'x-glm-client': `@glm/sdk/${VERSION} (node/20.19.0)`,
  });
  expect(identityHeadersFor({ navigator: { userAgent: 'Cloudflare-Workers' } })).toHaveProperty('user-agent');
  expect(identityHeadersFor({ navigator: { userAgent: CHROME } })).toEqual({
    'x-glm-client': `@glm/sdk/${VERSION} (chrome/131.0.6778.85)`,
  });
  expect(identityHeadersFor({})).toEqual({ 'x-glm-client': `@glm/sdk/${VERSION} (unknown/unknown)` });
});

test('this process is Node, with its own version', () => {
  expect(identityHeaders()['x-glm-client']).toBe(`@glm/sdk/${VERSION} (node/${process.versions.node})`);
});
