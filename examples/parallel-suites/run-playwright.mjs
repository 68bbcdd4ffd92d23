// The Playwright recipe, run as a project would (`pnpm test` runs it after the build, as `test:built`):
// one `glm-mock serve` from the built bin, two Playwright workers each making its own merchant on it,
// then a look at the server: both merchants were made, and the first merchant's catalog saw nothing.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer } from '@glm/mock-server/node';

const here = dirname(fileURLToPath(import.meta.url));
const playwright = createRequire(import.meta.url).resolve('@playwright/test/cli');

const server = await spawnServer({ args: ['--rate-limit', 'off'] });
const { url, testKey: key } = server;

let failed = false;
const check = (ok, what) => {
  console.log(`${ok ? 'ok' : 'FAILED'}: ${what}`);
  if (!ok) failed = true;
};
try {
  const code = await new Promise((resolve) => {
    spawn(process.execPath, [playwright, 'test', '--config', join(here, 'playwright.config.ts')], {
      cwd: here,
      stdio: 'inherit',
      env: { ...process.env, GLM_BASE_URL: url, GLM_API_KEY: key },
    }).once('exit', resolve);
  });
  check(code === 0, 'every Playwright test passed, two workers on one server');
  const get = async (path) =>
    (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${key}` } })).json();
  const made = await get('/v2/test_helpers/requests?operation=testCreateMerchant');
  check(
    made.data.length === 2 && made.data.every((entry) => entry.status === 201),
    'each worker made a merchant of its own',
  );
  check(
    (await get('/v2/products')).data.length === 0,
    "the server's first merchant saw none of the workers' products",
  );
} finally {
  await server.close();
}
process.exit(failed ? 1 : 0);
