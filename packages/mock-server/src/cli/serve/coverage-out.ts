import { stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RunningServer } from '../../adapters/node.ts';
import { CliRefusal } from '../cli-io.ts';

/** `--coverage-out FILE`: the file's absolute path, refused at start when its folder does not exist. */
export async function readCoverageOut(value: string | undefined): Promise<string | undefined> {
  if (value === undefined) return undefined;
  const path = resolve(value);
  const folder = await stat(dirname(path)).catch(() => undefined);
  if (folder?.isDirectory() !== true) {
    throw new CliRefusal(`--coverage-out ${value}: its folder ${dirname(path)} does not exist.`);
  }
  return path;
}

/**
 * The server, whose clean stop first writes the server-wide coverage report (every merchant, summed)
 * as JSON to `path`: what a CI job reads after its suites ran.
 */
export function writeCoverageOnClose(server: RunningServer, path: string): RunningServer {
  return {
    ...server,
    async close() {
      const report = server.service.coverage({ scope: 'server' });
      await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
      await server.close();
    },
  };
}
