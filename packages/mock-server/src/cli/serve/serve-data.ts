import type { RunningServer } from '../../adapters/node.ts';
import type { MockServiceOptions } from '../../service/mock-service-options.ts';
import { type DataDirectory, openDataDirectory } from './data-directory/data-directory.ts';
import { openKeptMerchants } from './kept-merchants.ts';

/** What `serve --data <dir>` adds to the service options, and how it closes the directory. */
export interface ServeData {
  /** `snapshot` (the state found) and `journal` for `createMockService`. */
  readonly options: Pick<MockServiceOptions, 'snapshot' | 'journal'>;
  /** Whether the directory held state (then `--seed`/`--demo` products and `--*-key` are not applied). */
  readonly restored: boolean;
  /**
   * The server, with every merchant the directory kept brought back and every merchant it makes kept
   * there too, closing the directory after it (each merchant's state is written as a new snapshot, the
   * locks released); a journal grown large is folded into a snapshot of its merchant's state meanwhile.
   */
  wrap(server: RunningServer): Promise<RunningServer>;
  /** Releases the directory when the server could not start. */
  abandon(): Promise<void>;
}

/** Opens the data directory of `serve --data <dir> [--fresh]`; warnings go to `stderr`. */
export async function openServeData(
  dir: string,
  fresh: boolean,
  stderr: { write(chunk: string): unknown },
): Promise<ServeData> {
  const warn = (message: string) => stderr.write(`glm-mock: warning: ${message}\n`);
  const data: DataDirectory = await openDataDirectory(dir, { fresh, warn });
  let merchants: Awaited<ReturnType<typeof openKeptMerchants>>;
  try {
    merchants = await openKeptMerchants(dir, fresh, warn);
  } catch (error) {
    await data.close();
    throw error;
  }
  return {
    options: { journal: data.journal, ...(data.snapshot === undefined ? {} : { snapshot: data.snapshot }) },
    restored: data.snapshot !== undefined,
    async wrap(server) {
      data.compactFrom(() => server.service.snapshot());
      await merchants.attach(server.service);
      return {
        ...server,
        async close() {
          await server.close();
          await merchants.close();
          await data.close(server.service.snapshot());
        },
      };
    },
    async abandon() {
      await merchants.close();
      await data.close();
    },
  };
}
