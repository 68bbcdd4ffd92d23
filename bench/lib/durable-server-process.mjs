// Child: the standalone mock server as `glm-mock serve` runs it, with rate limits off and the bench
// catalog; with `{ dataDir }` it keeps its state there as `--data` does (the data directory module is
// bundled from the sources: the package does not export it). Answers `{ url, key }`.
import { startServer } from '@glm/mock-server/node';
import { serveChild } from './child.mjs';
import { CATALOG } from './fixtures.mjs';
import { importBundled } from './internal-build.mjs';

serveChild(async ({ dataDir }) => {
  let persistence = {};
  if (dataDir !== undefined) {
    const { openDataDirectory } = await importBundled(
      new URL('../../packages/mock-server/src/data-directory/data-directory.ts', import.meta.url),
      'data-directory',
    );
    const data = await openDataDirectory(dataDir, { fresh: true, warn: () => undefined });
    persistence = { journal: data.journal };
  }
  const server = await startServer({
    port: 0,
    rateLimit: false,
    seed: { products: CATALOG },
    ...persistence,
  });
  return { url: server.url, key: server.service.keys.test };
});
