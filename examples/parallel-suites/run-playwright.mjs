// The Playwright recipe, run as a project would (`pnpm test` runs it after the build, as `test:built`):
// one `glm-mock serve` from the built bin, two Playwright workers each making its own merchant on it,
// then a look at the server: both merchants were made, and the first merchant's catalog saw nothing.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('@glm/mock-server/package.json')), 'bin', 'glm-mock.js');
const playwright = require.resolve('@playwright/test/cli');

const server = spawn(process.execPath, [bin, 'serve', '--port', '0', '--rate-limit', 'off'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const { url, key } = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (chunk) => {
    out += chunk.toString();
    const found = /^GLM_API_KEY=(\S+)$/m.exec(out);
    const listening = /^glm-mock listening on (\S+)$/m.exec(out);
    if (found !== null && listening !== null) resolve({ url: listening[1], key: found[1] });
  });
  server.once('exit', (code) => reject(new Error(`glm-mock serve exited ${code}`)));
});

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
  server.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
