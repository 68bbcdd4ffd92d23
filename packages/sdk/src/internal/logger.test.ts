import { expect, test } from 'vitest';
import { recordingLogger, TEST_KEY } from '../test-support/scripted-fetch.ts';
import { filteredLogger, parseLogLevel } from './logger.ts';

test('lines below the level are dropped; the level and those above pass', () => {
  const sink = recordingLogger();
  const logger = filteredLogger(sink, 'warn');
  logger.debug('d');
  logger.info('i');
  logger.warn('w');
  logger.error('e');
  expect(sink.lines.map((line) => line.level)).toEqual(['warn', 'error']);
});

test('off logs nothing at all', () => {
  const sink = recordingLogger();
  const logger = filteredLogger(sink, 'off');
  logger.error('e');
  expect(sink.lines).toEqual([]);
});

test('messages and details are redacted before they reach the sink', () => {
  const sink = recordingLogger();
  filteredLogger(sink, 'debug').debug(`calling with ${TEST_KEY}`, {
    headers: { Authorization: `Bearer ${TEST_KEY}` },
  });
  expect(JSON.stringify(sink.lines)).not.toContain('sEcReT');
  expect(sink.lines[0]?.details).toEqual({ headers: { Authorization: '[redacted]' } });
});

test('GLM_LOG values are read without case; anything else is no level', () => {
  expect(parseLogLevel(' DEBUG ')).toBe('debug');
  expect(parseLogLevel('off')).toBe('off');
  expect(parseLogLevel('verbose')).toBeUndefined();
  expect(parseLogLevel('toString')).toBeUndefined();
  expect(parseLogLevel(undefined)).toBeUndefined();
});
