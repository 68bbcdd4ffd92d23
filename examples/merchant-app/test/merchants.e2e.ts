// One shared `glm-mock serve` (installed from the packed tarballs) and two suites in two processes at
// the same time, each with a merchant of its own: both reset, fill their catalogs, pay and move their
// clocks freely, and neither ever sees the other.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { keepCoverage } from './support/coverage.js';
import { type MockProcess, startGlmMock } from './support/glm-mock.js';

let mock: MockProcess;

before(async () => {
  mock = await startGlmMock();
});

after(async () => {
  try {
    if (mock !== undefined) await keepCoverage(mock, 'merchants');
  } finally {
    await mock?.stop();
  }
});

const suite = (name: string) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const script = fileURLToPath(new URL('./support/merchant-suite.js', import.meta.url));
    execFile(
      process.execPath,
      [script, mock.url, mock.testKey, name, '6'],
      { timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({
          code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
          stdout,
          stderr,
        });
      },
    );
  });

test('two suites in two processes on one server, a merchant each, never see each other', async () => {
  const [first, second] = await Promise.all([suite('alpha'), suite('bravo')]);
  assert.equal(first.code, 0, first.stderr);
  assert.equal(second.code, 0, second.stderr);
  const a = JSON.parse(first.stdout) as { merchant: string; rounds: string[] };
  const b = JSON.parse(second.stdout) as { merchant: string; rounds: string[] };
  assert.notEqual(a.merchant, b.merchant);
  assert.equal(a.rounds.length, 6);
  assert.equal(b.rounds.length, 6);
  // The server's own merchant saw none of it, and both suites removed theirs at the end.
  const glm = mock.client({ logLevel: 'off' });
  assert.deepEqual((await glm.products.list()).data, []);
  const made = (await glm.testHelpers.requests.list({ operation: 'testCreateMerchant' })).data;
  assert.deepEqual(
    made.map((entry) => entry.status),
    [201, 201],
  );
});
