import { randomFillSync } from 'node:crypto';
import { generateApiKey, parseApiKey } from '@glm/domain';
import { expect, test } from 'vitest';
import { createKeyRegistry } from './key-registry.ts';

const random = (size: number): Uint8Array => randomFillSync(new Uint8Array(size));
const registry = () =>
  createKeyRegistry((key) => {
    const parsed = parseApiKey(key);
    return parsed.ok ? parsed.value : undefined;
  });

test('the same header presented call after call is read afresh against the registry each time', async () => {
  const keys = registry();
  const { key } = generateApiKey('test', random);
  const record = keys.register(key, 'ci', '2026-01-01T00:00:00.000Z');
  expect(await keys.authenticate(`Bearer ${key}`)).toEqual({ mode: 'test', keyId: record?.id });
  expect(await keys.authenticate(`Bearer ${key}`)).toEqual({ mode: 'test', keyId: record?.id });
  keys.revoke(record?.id ?? '', '2026-01-02T00:00:00.000Z');
  expect(await keys.authenticate(`Bearer ${key}`)).toBeUndefined();
});

test('a key presented after another is judged on its own: a wrong secret for a known token is refused', async () => {
  const keys = registry();
  const good = generateApiKey('live', random);
  keys.register(good.key, 'ci', '2026-01-01T00:00:00.000Z');
  const forged = `${good.key.slice(0, -1)}${good.key.endsWith('a') ? 'b' : 'a'}`;
  expect(await keys.authenticate(`Bearer ${good.key}`)).toMatchObject({ mode: 'live' });
  expect(await keys.authenticate(`Bearer ${forged}`)).toBeUndefined();
  expect(await keys.authenticate(null)).toBeUndefined();
  expect(await keys.authenticate(`Bearer ${good.key}`)).toMatchObject({ mode: 'live' });
});

test('a key registered after its header was first refused is accepted on the next call', async () => {
  const keys = registry();
  const { key } = generateApiKey('test', random);
  expect(await keys.authenticate(`Bearer ${key}`)).toBeUndefined();
  keys.register(key, 'late', '2026-01-01T00:00:00.000Z');
  expect(await keys.authenticate(`Bearer ${key}`)).toMatchObject({ mode: 'test' });
});

test('where hashing is synchronous (Node), a key is judged at once, with no promise to wait for', () => {
  const keys = registry();
  const { key } = generateApiKey('test', random);
  const record = keys.register(key, 'ci', '2026-01-01T00:00:00.000Z');
  expect(keys.authenticate(`Bearer ${key}`)).toEqual({ mode: 'test', keyId: record?.id });
  expect(keys.authenticate('Bearer glm_test_nope')).toBeUndefined();
});
