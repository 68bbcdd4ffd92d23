import { expect, test } from 'vitest';
import { CliRefusal } from '../cli-io.ts';
import { serveSettings } from './serve-environment.ts';

test('each absent flag is filled from its GLM_MOCK_* variable, in the form the flag takes', () => {
  const { values, nameOf } = serveSettings(
    {},
    {
      GLM_MOCK_PORT: '4011',
      GLM_MOCK_HOST: '0.0.0.0',
      GLM_MOCK_SEED: 'seed.json',
      GLM_MOCK_DATA: '/data',
      GLM_MOCK_RATE_LIMIT: 'off',
      GLM_MOCK_MAX_MERCHANTS: '5',
      GLM_MOCK_JOURNAL_SIZE: '0',
      GLM_MOCK_ALLOWED_ORIGINS: 'https://shop.example, https://pharmacy.example',
      GLM_MOCK_DEMO: '1',
      GLM_MOCK_FRESH: '0',
    },
  );
  expect(values).toEqual({
    port: '4011',
    host: '0.0.0.0',
    seed: 'seed.json',
    data: '/data',
    'rate-limit': 'off',
    'max-merchants': '5',
    'journal-size': '0',
    'allowed-origin': ['https://shop.example', 'https://pharmacy.example'],
    demo: true,
    fresh: false,
  });
  expect(nameOf('port')).toBe('GLM_MOCK_PORT');
  expect(nameOf('snapshot')).toBe('--snapshot');
});

test('a given flag wins and its variable is not read at all, not even to be refused', () => {
  const { values, nameOf } = serveSettings(
    { port: '0', demo: false, 'allowed-origin': ['https://a.example'] },
    {
      GLM_MOCK_PORT: 'not a port',
      GLM_MOCK_DEMO: 'yes please',
      GLM_MOCK_ALLOWED_ORIGINS: 'https://b.example',
    },
  );
  expect(values).toEqual({ port: '0', demo: false, 'allowed-origin': ['https://a.example'] });
  expect(nameOf('port')).toBe('--port');
});

test('an empty variable counts as unset', () => {
  expect(serveSettings({}, { GLM_MOCK_PORT: '', GLM_MOCK_DEMO: '', GLM_MOCK_FAULTS: '' })).toMatchObject({
    values: {},
    faults: [],
  });
});

test('GLM_MOCK_FAULTS rules, one a line (blank lines skipped), come before the --fault rules', () => {
  const { faults } = serveSettings(
    { fault: ['GET /v2/orders/:id timeout'] },
    { GLM_MOCK_FAULTS: 'POST /v2/checkout 503 x2\n\n  POST /v2/refunds reset after  \n' },
  );
  expect(faults).toEqual([
    { rule: 'POST /v2/checkout 503 x2', source: 'GLM_MOCK_FAULTS line 1' },
    { rule: 'POST /v2/refunds reset after', source: 'GLM_MOCK_FAULTS line 3' },
    { rule: 'GET /v2/orders/:id timeout', source: '--fault' },
  ]);
});

test('a switch variable other than 1 or 0 is refused naming the variable, without the usage', () => {
  const refusal = (() => {
    try {
      serveSettings({}, { GLM_MOCK_DEMO: 'true' });
    } catch (error) {
      return error;
    }
    return undefined;
  })();
  expect(refusal).toBeInstanceOf(CliRefusal);
  expect((refusal as CliRefusal).message).toBe('GLM_MOCK_DEMO must be 1 (on) or 0 (off), not true.');
  expect((refusal as CliRefusal).usage).toBe(false);
});

test('a live key counts as given from its flag or its variable, and not otherwise', () => {
  const key = `glm_live_${'A1b2C3d4E5f6G7h8'}.${'s'.repeat(32)}`;
  expect(serveSettings({}, { GLM_MOCK_LIVE_KEY: key }).liveKeyGiven).toBe(true);
  expect(serveSettings({ 'live-key': key }, {}).liveKeyGiven).toBe(true);
  expect(serveSettings({}, {}).liveKeyGiven).toBe(false);
});
