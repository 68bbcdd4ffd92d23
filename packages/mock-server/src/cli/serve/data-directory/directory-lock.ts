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

/**
 * When a process started, as the kernel counts it (`/proc/<pid>/stat`, field 22); `undefined` where
 * there is no `/proc` or the process is gone. A process id is reused, this instant with it is not.
 */
export const startTimeOf = (pid: number | 'self'): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
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
 * Whether the process that wrote a lock still holds it: alive, and (where the system tells) the same
 * process that started then, not a later one that was given its reused id.
 */
const holds = (pid: number, startedAt: string | undefined): boolean => {
  if (!alive(pid)) return false;
  if (startedAt === undefined) return true;
  const now = startTimeOf(pid);
  return now === undefined || now === startedAt;
};

/**
 * Takes the directory's lock: a `lock` file holding this process's id and start time, created
 * exclusively. A lock held by a live process refuses with {@link DataDirectoryError}; one left by a
 * process that is gone (killed), or whose id now belongs to another process that started later (a
 * reused id), is taken over and `warn` says so. Answers the function that releases it.
 */
export async function takeLock(dir: string, warn: (message: string) => void): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  for (let tries = 0; tries < 2; tries++) {
    try {
      const handle = await open(path, 'wx');
      const started = startTimeOf('self');
      await handle.writeFile(`${process.pid}\n${started === undefined ? '' : `${started}\n`}`);
      await handle.sync();
      await handle.close();
      return async () => {
        await unlink(path).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = await readFile(path, 'utf8').catch(() => '');
    const [pidLine = '', startedLine] = text.split('\n');
    const pid = Number.parseInt(pidLine.trim(), 10);
    const startedAt = startedLine?.trim() === '' ? undefined : startedLine?.trim();
    if (Number.isSafeInteger(pid) && pid > 0 && holds(pid, startedAt)) {
      throw new DataDirectoryError(
        `${dir} is in use by another glm-mock server (process ${pid}, see ${path}); stop it or use another --data directory.`,
      );
    }
    warn(
      `taking over the lock of ${dir}: it was left by process ${Number.isNaN(pid) ? '(unreadable)' : pid}, which is no longer running${alive(pid) ? ' (that id now belongs to another process)' : ''}.`,
    );
    await unlink(path).catch(() => undefined);
  }
  throw new DataDirectoryError(`could not take the lock ${path}.`);
}
