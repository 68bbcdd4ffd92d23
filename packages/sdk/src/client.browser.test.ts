// @vitest-environment happy-dom
import { expect, test } from 'vitest';
import { Glm } from './client.ts';
import { TEST_KEY } from './test-support/scripted-fetch.ts';

test('in a browser the client refuses to hold a secret key', () => {
  expect(() => new Glm({ apiKey: TEST_KEY, baseUrl: 'https://api.test' })).toThrow(/browser/);
});

test('dangerouslyAllowBrowser lets it run anyway', () => {
  const glm = new Glm({ apiKey: TEST_KEY, baseUrl: 'https://api.test', dangerouslyAllowBrowser: true });
  expect(glm.mode).toBe('test');
});
