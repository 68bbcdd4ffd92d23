import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Merchant } from '@glm/domain/test-helpers';
import type { MockService } from '../../service/mock-service.ts';
import { merchantHostOf } from '../../service/private-handles.ts';
import { type DataDirectory, openDataDirectory } from './data-directory/data-directory.ts';

/** Where the merchants beyond the first live in a data directory: `merchants/<id>/`, each a data directory. */
const MERCHANTS = 'merchants';
/** A merchant's identity (id, name, creation time) beside its state. */
const IDENTITY = 'merchant.json';

/** The merchants `serve --data DIR` keeps: found at start, made while it runs, closed at the end. */
export interface KeptMerchants {
  /** Brings every merchant found back into the running service, and keeps those it makes from now on. */
  attach(service: MockService): Promise<void>;
  /** Writes each merchant's state as its new snapshot and releases its directory. */
  close(): Promise<void>;
}

async function writeIdentity(dir: string, merchant: Merchant): Promise<void> {
  const temporary = join(dir, `${IDENTITY}.tmp`);
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(`${JSON.stringify(merchant)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, join(dir, IDENTITY));
}

async function readIdentity(dir: string): Promise<Merchant | undefined> {
  try {
    return Merchant.parse(JSON.parse(await readFile(join(dir, IDENTITY), 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(
      `${join(dir, IDENTITY)} cannot be read (${String(error)}); the directory was left as it is.`,
    );
  }
}

/**
 * Opens the merchants kept in the data directory `dir` (already opened for the first merchant): the
 * first merchant's identity, and a data directory per other merchant. `fresh` forgets them all.
 */
export async function openKeptMerchants(
  dir: string,
  fresh: boolean,
  warn: (message: string) => void,
): Promise<KeptMerchants> {
  const root = join(dir, MERCHANTS);
  if (fresh) {
    await rm(root, { recursive: true, force: true });
    await rm(join(dir, IDENTITY), { force: true });
  }
  const first = await readIdentity(dir);
  const open = new Map<string, DataDirectory>();
  const found: Merchant[] = [];
  try {
    const names = await readdir(root).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const merchant = await readIdentity(join(root, name));
      if (merchant === undefined) continue;
      open.set(merchant.id, await openDataDirectory(join(root, name), { warn }));
      found.push(merchant);
    }
  } catch (error) {
    for (const data of open.values()) await data.close();
    throw error;
  }
  let service: MockService | undefined;
  const snapshotOf = (id: string) => {
    const seat = service === undefined ? undefined : merchantHostOf(service).seat(id);
    return seat?.service.snapshot();
  };
  return {
    async attach(running) {
      service = running;
      const host = merchantHostOf(running);
      if (first === undefined) await writeIdentity(dir, host.first.merchant);
      else host.adoptFirst(first);
      // Oldest first, as they were made.
      found.sort((a, b) => a.created_at.localeCompare(b.created_at));
      for (const merchant of found) {
        const data = open.get(merchant.id);
        if (data === undefined) continue;
        const seat = host.restore(merchant, {
          journal: data.journal,
          ...(data.snapshot === undefined ? {} : { snapshot: data.snapshot }),
        });
        data.compactFrom(() => seat.service.snapshot());
      }
      host.keepIn({
        async open(merchant) {
          const place = join(root, merchant.id);
          await mkdir(place, { recursive: true });
          const data = await openDataDirectory(place, { warn });
          await writeIdentity(place, merchant);
          open.set(merchant.id, data);
          data.compactFrom(() => {
            const state = snapshotOf(merchant.id);
            if (state === undefined) throw new Error(`merchant ${merchant.id} is not running`);
            return state;
          });
          return { journal: data.journal };
        },
        async removed(merchant) {
          await open.get(merchant.id)?.close();
          open.delete(merchant.id);
          await rm(join(root, merchant.id), { recursive: true, force: true });
        },
      });
    },
    async close() {
      for (const [id, data] of open) await data.close(snapshotOf(id));
      open.clear();
    },
  };
}
