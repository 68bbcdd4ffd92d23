import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

const { O_APPEND, O_CREAT, O_WRONLY, O_DSYNC } = constants as typeof constants & { O_DSYNC?: number };

/**
 * Whether this platform opens files for synchronized data writes (`O_DSYNC`: Linux, macOS): each write
 * then returns once its data is on disk, one system call where a write and an `fdatasync` were two.
 */
const SYNCED_WRITES_AVAILABLE = O_DSYNC !== undefined;

/** A journal file open for appends. */
export interface JournalFile {
  /** Appends all of `bytes`; resolves once they are durable. */
  append(bytes: Buffer): Promise<void>;
  /** Closes the file. */
  close(): Promise<void>;
}

/**
 * Opens (creating) a journal file for durable appends: with `O_DSYNC` where the platform has it (unless
 * `syncedWrites` is false), else each append is followed by `fdatasync`.
 */
export async function openJournalFile(
  path: string,
  syncedWrites: boolean = SYNCED_WRITES_AVAILABLE,
): Promise<JournalFile> {
  const synced = syncedWrites && O_DSYNC !== undefined;
  const handle: FileHandle = await open(path, synced ? O_APPEND | O_CREAT | O_WRONLY | O_DSYNC : 'a');
  return {
    async append(bytes) {
      let offset = 0;
      while (offset < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
        offset += bytesWritten;
      }
      if (!synced) await handle.datasync();
    },
    close: () => handle.close(),
  };
}
