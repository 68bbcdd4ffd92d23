// The journal of a fresh data directory, as `glm-mock serve --data` keeps one: the data directory module is
// bundled from the mock server's sources (the package does not export it).
import { importBundled } from './internal-build.mjs';

/** Opens `dir` as a fresh data directory and answers the `startServer` options that journal to it. */
export async function journalIn(dir) {
  const { openDataDirectory } = await importBundled(
    new URL('../../packages/mock-server/src/cli/serve/data-directory/data-directory.ts', import.meta.url),
    'data-directory',
  );
  const data = await openDataDirectory(dir, { fresh: true, warn: () => undefined });
  return { journal: data.journal };
}
