import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { MOCK_SERVER_VERSION, WEBHOOK_USER_AGENT } from './user-agent.ts';

test('the user-agent names the version of the package that sends it', () => {
  const manifest = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  expect(MOCK_SERVER_VERSION).toBe(manifest.version);
  expect(WEBHOOK_USER_AGENT).toBe(`glm-mock/${manifest.version}`);
});
