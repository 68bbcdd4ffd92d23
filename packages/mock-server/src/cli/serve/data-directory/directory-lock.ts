import { readFileSync } from 'node:fs';
import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { DataDirectoryError } from './data-directory-error.ts';

/** The lock file's name inside a data directory. */
export const LOCK_FILE = 'lock';

// A killed process whose parent has not reaped it yet (common in containers) is a zombie: gone.
const zombie = (pid: number): boolean => {
  try {
    return /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return !zombie(pid);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the directory's lock: a `lock` file holding this process's id, created exclusively. A lock held
 * by a live process refuses with {@link DataDirectoryError}; one left by a process that is gone (killed)
 * is taken over and `warn` says so. Answers the function that releases it.
 */
export async function takeLock(dir: string, warn: (message: string) => void): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  for (let tries = 0; tries < 2; tries++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.sync();
      await handle.close();
      return async () => {
        await unlink(path).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = await readFile(path, 'utf8').catch(() => '');
    const pid = Number.parseInt(text.trim(), 10);
    if (Number.isSafeInteger(pid) && pid > 0 && alive(pid)) {
      throw new DataDirectoryError(
        `${dir} is in use by another glm-mock server (process ${pid}, see ${path}); stop it or use another --data directory.`,
      );
    }
    warn(
      `taking over the lock of ${dir}: it was left by process ${Number.isNaN(pid) ? '(unreadable)' : pid}, which is no longer running.`,
    );
    await unlink(path).catch(() => undefined);
  }
  throw new DataDirectoryError(`could not take the lock ${path}.`);
}
