// An embedded checkout, top to bottom. Run it against the mock server (see README.md):
//   GLM_API_KEY=glm_test_… GLM_BASE_URL=http://127.0.0.1:4010 pnpm start   → open http://localhost:3000
import { createServer } from 'node:http';
import { Glm } from '@glm/sdk';
import { createMerchantServer } from './server.ts';

// 1. The secret key stays on the server: GLM_API_KEY and GLM_BASE_URL configure the client.
const glm = new Glm();

// 2. The page's origin. The hosted checkout posts its messages only to the origin of the session's
//    success_url, so the server sets that URL on this origin. Browsers pay only on HTTPS pages
//    (localhost excepted).
const port = Number(process.env['PORT'] ?? 3000);
const origin = process.env['PUBLIC_ORIGIN'] ?? `http://localhost:${port}`;

// 3. Serve the page, its bundled script (src/page.ts with @glm/sdk/embed) and POST /api/checkout.
const server = createServer(await createMerchantServer({ glm, origin }));
server.listen(port, () => console.log(`merchant page on ${origin}`));

// 4. Stop cleanly.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
