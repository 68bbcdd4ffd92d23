import { expect, test } from 'vitest';
import { createAppender } from './appender.ts';

/** An append target whose writes end only when the test says so. */
function slowTarget() {
  const writes: string[] = [];
  const ends: Array<(error?: Error) => void> = [];
  const afters: number[] = [];
  const appender = createAppender({
    append: (bytes) =>
      new Promise<void>((resolve, reject) => {
        writes.push(bytes.toString());
        ends.push((error) => (error === undefined ? resolve() : reject(error)));
      }),
    after: async () => {
      afters.push(writes.length);
    },
  });
  const end = async (error?: Error) => {
    const next = ends.shift();
    if (next === undefined) throw new Error('no write in progress');
    next(error);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { appender, writes, afters, end };
}

test('records handed over while a write is in progress go out together next, in order, in one write', async () => {
  const { appender, writes, end } = slowTarget();
  const settled: string[] = [];
  const track = (name: string, promise: Promise<void>) => promise.then(() => settled.push(name));
  track('a', appender.append(Buffer.from('a\n')));
  track('b', appender.append(Buffer.from('b\n')));
  track('c', appender.append(Buffer.from('c\n')));
  expect(writes).toEqual(['a\n']);
  await end();
  expect(settled).toEqual(['a']);
  expect(writes).toEqual(['a\n', 'b\nc\n']);
  await end();
  expect(settled).toEqual(['a', 'b', 'c']);
});

test('a failed write rejects only the records it held; the next group is still written', async () => {
  const { appender, writes, end } = slowTarget();
  const outcome = (promise: Promise<void>) =>
    promise.then(
      () => 'durable',
      (error: Error) => error.message,
    );
  const first = outcome(appender.append(Buffer.from('a\n')));
  const second = outcome(appender.append(Buffer.from('b\n')));
  await end(new Error('disk full'));
  expect(await first).toBe('disk full');
  await end();
  expect(await second).toBe('durable');
  expect(writes).toEqual(['a\n', 'b\n']);
});

test('what runs between groups runs before the next write, and idle waits for every record queued', async () => {
  const { appender, writes, afters, end } = slowTarget();
  void appender.append(Buffer.from('a\n'));
  void appender.append(Buffer.from('b\n'));
  let idle = false;
  void appender.idle().then(() => {
    idle = true;
  });
  await end();
  expect(afters).toEqual([1]);
  expect(writes).toEqual(['a\n', 'b\n']);
  expect(idle).toBe(false);
  await end();
  expect(afters).toEqual([1, 2]);
  expect(idle).toBe(true);
  await expect(appender.idle()).resolves.toBeUndefined();
});
