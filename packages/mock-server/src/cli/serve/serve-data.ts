import type { RunningServer } from '../../adapters/node.ts';
import type { MockServiceOptions } from '../../service/mock-service-options.ts';
import { type DataDirectory, openDataDirectory } from './data-directory/data-directory.ts';

/** What `serve --data <dir>` adds to the service options, and how it closes the directory. */
export interface ServeData {
  /** `snapshot` (the state found) and `journal` for `createMockService`. */
  readonly options: Pick<MockServiceOptions, 'snapshot' | 'journal'>;
  /** Whether the directory held state (then `--seed`/`--demo` products and `--*-key` are not applied). */
  readonly restored: boolean;
  /**
   * The server, closing the directory after it (the state is written as a new snapshot, the lock
   * released); a journal grown large is folded into a snapshot of the server's state meanwhile.
   */
  wrap(server: RunningServer): RunningServer;
  /** Releases the directory when the server could not start. */
  abandon(): Promise<void>;
}

/** Opens the data directory of `serve --data <dir> [--fresh]`; warnings go to `stderr`. */
export async function openServeData(
  dir: string,
  fresh: boolean,
  stderr: { write(chunk: string): unknown },
): Promise<ServeData> {
  const data: DataDirectory = await openDataDirectory(dir, {
    fresh,
    warn: (message) => stderr.write(`glm-mock: warning: ${message}\n`),
  });
  return {
    options: { journal: data.journal, ...(data.snapshot === undefined ? {} : { snapshot: data.snapshot }) },
    restored: data.snapshot !== undefined,
    wrap(server) {
      data.compactFrom(() => server.service.snapshot());
      return {
        ...server,
        async close() {
          await server.close();
          await data.close(server.service.snapshot());
        },
      };
    },
    abandon: () => data.close(),
  };
}
