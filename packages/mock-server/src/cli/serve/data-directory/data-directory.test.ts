import { spawnSync } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { crc32, crc32Js } from './crc32.ts';
import { type DataDirectory, openDataDirectory } from './data-directory.ts';
import { DataDirectoryError } from './data-directory-error.ts';
import { startTimeOf } from './directory-lock.ts';
import { encodeRecord, readRecords } from './framed-records.ts';

let dir: string;
let warnings: string[];
const warn = (message: string) => {
  warnings.push(message);
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glm-data-'));
  warnings = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const batch = (sku: string) => [['products', sku, { merchant_product_id: sku }]] as const;

/** Opens, writes batches, closes without a final snapshot (as a SIGKILL leaves it, lock aside). */
async function writeBatches(...skus: string[]): Promise<void> {
  const data = await openDataDirectory(dir, { warn });
  for (const sku of skus) await data.journal.write(batch(sku));
  await data.close();
}

const productKeys = async (): Promise<string[]> => {
  const data = await openDataDirectory(dir, { warn });
  const rows = data.snapshot?.tables['products'] ?? [];
  await data.close();
  return rows.map(([key]) => key);
};

/** Makes `data` compact from a products table holding the rows pushed to the answered array. */
const compactFromRows = (data: DataDirectory): [string, unknown][] => {
  const rows: [string, unknown][] = [];
  data.compactFrom(() => ({
    format: 'glm-mock-snapshot',
    version: 1,
    taken_at: '',
    tables: { products: [...rows] },
  }));
  return rows;
};

const journalOf = async (): Promise<string> => {
  const name = (await readdir(dir)).find((file) => file.startsWith('journal-'));
  if (name === undefined) throw new Error('no journal');
  return join(dir, name);
};

test('a data directory that cannot be created is refused with its path, whatever the file system answers', async () => {
  const nested = await openDataDirectory(join(dir, 'a', 'b', 'c'), { warn });
  await nested.close();
  expect(await readdir(join(dir, 'a', 'b'))).toEqual(['c']);
  await writeFile(join(dir, 'file'), 'not a folder');
  await expect(openDataDirectory(join(dir, 'file', 'data'), { warn })).rejects.toThrow(
    /file\/data cannot be created as a data directory \(ENOTDIR/,
  );
  // /proc answers "no such entry" for a folder it will not make: Node's recursive mkdir never settles there.
  if (process.platform === 'linux') {
    await expect(openDataDirectory('/proc/glm-mock-data', { warn })).rejects.toThrow(
      /\/proc\/glm-mock-data cannot be created as a data directory \(ENOENT/,
    );
  }
});

test('a record is one checksummed line; a changed byte, a missing end or a bad checksum are told apart', () => {
  const one = encodeRecord({ a: 1 });
  expect(one.toString()).toMatch(/^[0-9a-f]{8} \{"a":1\}\n$/);
  expect(readRecords(Buffer.concat([one, one])).records).toEqual([{ a: 1 }, { a: 1 }]);
  const flipped = Buffer.from(one);
  flipped[10] = 'b'.charCodeAt(0);
  expect(readRecords(Buffer.concat([one, flipped])).bad).toMatchObject({
    number: 2,
    reason: 'checksum mismatch',
    last: true,
  });
  expect(readRecords(Buffer.concat([one, one.subarray(0, 7)])).bad).toMatchObject({
    number: 2,
    offset: one.length,
    reason: 'cut short (no line end)',
  });
  expect(readRecords(Buffer.concat([flipped, one])).bad).toMatchObject({ number: 1, last: false });
});

test('the CRC-32 is the standard one, in JavaScript and from zlib alike', () => {
  const text = new TextEncoder().encode('123456789');
  expect(crc32Js(text)).toBe(0xcbf43926);
  expect(crc32(text)).toBe(0xcbf43926);
});

test('batches written are read back in order after a restart', async () => {
  await writeBatches('a', 'b', 'c');
  expect(await productKeys()).toEqual(['a', 'b', 'c']);
});

test('a torn last record is dropped with a warning naming it, and what came before it is kept', async () => {
  await writeBatches('a', 'b');
  const journal = await journalOf();
  await appendFile(journal, encodeRecord(batch('c')).subarray(0, 20));
  expect(await productKeys()).toEqual(['a', 'b']);
  expect(warnings).toEqual([
    expect.stringMatching(/dropped the torn last record of .*journal-\d+\.log \(record 3, byte \d+/),
  ]);
});

test('a corrupt record followed by more refuses the start and leaves every file as it was', async () => {
  await writeBatches('a', 'b', 'c');
  const journal = await journalOf();
  const text = await readFile(journal, 'utf8');
  const damaged = text.replace('"b"', '"x"');
  await writeFile(journal, damaged);
  const before = await readdir(dir);
  await expect(openDataDirectory(dir, { warn })).rejects.toThrow(
    /journal-\d+\.log is corrupt at record 2 .*checksum mismatch.* left as it is/,
  );
  expect(await readFile(journal, 'utf8')).toBe(damaged);
  expect((await readdir(dir)).sort()).toEqual(before.sort());
});

test('a directory of another format version, or not ours, is refused and never overwritten', async () => {
  await writeBatches('a');
  await writeFile(join(dir, 'format.json'), '{"format":"glm-mock-data","version":2}\n');
  await expect(openDataDirectory(dir, { warn })).rejects.toThrow(
    /format version 2, and this glm-mock reads version 1/,
  );
  await expect(openDataDirectory(dir, { warn, fresh: true })).rejects.toThrow(DataDirectoryError);
  expect(await readFile(join(dir, 'format.json'), 'utf8')).toContain('"version":2');
  const other = join(dir, 'other');
  await mkdir(other);
  await writeFile(join(other, 'notes.txt'), 'mine');
  await expect(openDataDirectory(other, { warn })).rejects.toThrow(/not a glm-mock data directory/);
  expect(await readdir(other)).toEqual(['notes.txt']);
});

test('the lock refuses a second opener and is taken over from a process that is gone', async () => {
  const data = await openDataDirectory(dir, { warn });
  await expect(openDataDirectory(dir, { warn })).rejects.toThrow(
    new RegExp(`in use by another glm-mock server \\(process ${process.pid}`),
  );
  await data.close();
  // A process that has exited: its id is free (and not ours).
  const gone = spawnSync(process.execPath, [
    '-e',
    'process.stdout.write(String(process.pid))',
  ]).stdout.toString();
  await writeFile(join(dir, 'lock'), `${gone}\n`);
  const taken = await openDataDirectory(dir, { warn });
  expect(warnings).toEqual([
    `taking over the lock of ${dir}: it was left by process ${gone}, which is no longer running.`,
  ]);
  await taken.close();
});

test('a lock whose process id now belongs to another, later process (a reused id) does not block the start', async () => {
  const started = startTimeOf('self');
  if (started === undefined) return; // no /proc here: the id alone decides.
  // This live process, as if it had written the lock before a restart gave its id to someone else.
  await writeFile(join(dir, 'lock'), `${process.pid}\n${Number(started) - 1}\n`);
  const taken = await openDataDirectory(dir, { warn });
  expect(warnings).toEqual([
    `taking over the lock of ${dir}: it was left by process ${process.pid}, which is no longer running (that id now belongs to another process).`,
  ]);
  // The lock now names this process with its own start: a second opener is refused.
  expect(await readFile(join(dir, 'lock'), 'utf8')).toBe(`${process.pid}\n${started}\n`);
  await expect(openDataDirectory(dir, { warn })).rejects.toThrow(/in use by another glm-mock server/);
  await taken.close();
});

test('--fresh forgets the state kept, and a close with a state folds the journal into the snapshot', async () => {
  await writeBatches('a', 'b');
  const fresh = await openDataDirectory(dir, { warn, fresh: true });
  expect(fresh.snapshot).toBeUndefined();
  await fresh.journal.write(batch('z'));
  const state = {
    format: 'glm-mock-snapshot',
    version: 1,
    taken_at: '',
    tables: { products: [['z', {}]] },
  } as const;
  await fresh.close({ ...state, tables: { products: [['z', {}]] } });
  expect(await readFile(await journalOf(), 'utf8')).toBe('');
  expect(await productKeys()).toEqual(['z']);
});

test('a journal grown past its limit is folded into a snapshot of the running state, and nothing is lost', async () => {
  const data = await openDataDirectory(dir, { warn, compactAfterBytes: 300 });
  const rows = compactFromRows(data);
  for (const sku of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
    rows.push([sku, { merchant_product_id: sku }]);
    await data.journal.write(batch(sku));
  }
  const journals = (await readdir(dir)).filter((name) => name.startsWith('journal-'));
  expect(journals).not.toContain('journal-0.log');
  expect(journals).toHaveLength(1);
  expect((await readFile(await journalOf())).length).toBeLessThan(300);
  await data.close();
  expect(await productKeys()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  expect(warnings).toEqual([]);
});

test.each([
  ['synchronized writes (O_DSYNC)', true],
  ['a write and an fdatasync each', false],
])('batches handed over without waiting are kept in order, with %s', async (_name, syncedWrites) => {
  const data = await openDataDirectory(dir, { warn, syncedWrites, compactAfterBytes: 600 });
  const rows = compactFromRows(data);
  const skus = Array.from({ length: 30 }, (_, index) => `sku-${String(index).padStart(2, '0')}`);
  await Promise.all(
    skus.map((sku) => {
      rows.push([sku, { merchant_product_id: sku }]);
      return data.journal.write(batch(sku));
    }),
  );
  await data.close();
  expect(await productKeys()).toEqual(skus);
  expect(warnings).toEqual([]);
});
