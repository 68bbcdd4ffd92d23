// The suite's global set-up, as a team writes it: one glm-mock container for the whole run, the test
// files (each with a merchant of its own) run against it with GLM_BASE_URL and GLM_API_KEY, then the
// container stopped, whatever the outcome.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_TEST_KEY, startGlmMockContainer } from './glm-mock-container.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const mock = await startGlmMockContainer();
let status = 1;
try {
  const run = spawnSync(process.execPath, ['--test', 'catalog.test.mjs', 'events.test.mjs'], {
    cwd: here,
    stdio: 'inherit',
    env: { ...process.env, GLM_BASE_URL: mock.url, GLM_API_KEY: SERVER_TEST_KEY },
  });
  status = run.status ?? 1;
} finally {
  await mock.stop();
}
process.exit(status);
