// Child of checkout-load.mjs: the standalone mock server with the bench catalog, rate limits off; with
// `--data` it keeps its state in a fresh temporary data directory, as `glm-mock serve --data` does.
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@glm/mock-server/node';
import { journalIn } from '../lib/data-journal.mjs';
import { CATALOG, createPaidOrder } from '../lib/fixtures.mjs';

const dataDir = process.argv.includes('--data')
  ? await mkdtemp(join(tmpdir(), 'glm-bench-data-'))
  : undefined;
const persistence = dataDir === undefined ? {} : await journalIn(dataDir);
const server = await startServer({ port: 0, rateLimit: false, seed: { products: CATALOG }, ...persistence });
await createPaidOrder(server.service, server.url);
process.send?.({ url: server.url, key: server.service.keys.test });
process.on('message', (message) => {
  if (message !== 'stop') return;
  const cpu = process.cpuUsage();
  process.send?.({ cpuMicros: cpu.user + cpu.system, userMicros: cpu.user, systemMicros: cpu.system });
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
