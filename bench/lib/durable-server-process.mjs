// Child: the standalone mock server as `glm-mock serve` runs it, with rate limits off and the bench
// catalog; with `{ dataDir }` it keeps its state there as `--data` does. Answers `{ url, key }`.
import { startServer } from '@glm/mock-server/node';
import { serveChild } from './child.mjs';
import { journalIn } from './data-journal.mjs';
import { CATALOG } from './fixtures.mjs';

serveChild(async ({ dataDir }) => {
  const persistence = dataDir === undefined ? {} : await journalIn(dataDir);
  const server = await startServer({
    port: 0,
    rateLimit: false,
    seed: { products: CATALOG },
    ...persistence,
  });
  return { url: server.url, key: server.service.keys.test };
});
