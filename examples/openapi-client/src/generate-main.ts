import { mkdir, writeFile } from 'node:fs/promises';
import { startServer } from '@glm/mock-server/node';
import { generateTypes } from './generate-types.ts';

// `pnpm generate [url]`: writes src/generated/glm-api.ts from the document a running server serves
// (`http://127.0.0.1:4010/openapi.json`), or from a mock server started here when no URL is given.
const given = process.argv[2];
const server = given === undefined ? await startServer({ port: 0 }) : undefined;
try {
  const source = new URL(given ?? `${server?.url ?? ''}/openapi.json`);
  const target = new URL('./generated/glm-api.ts', import.meta.url);
  await mkdir(new URL('.', target), { recursive: true });
  await writeFile(target, await generateTypes(source));
  process.stdout.write(`Wrote ${target.pathname} from ${source.href}\n`);
} finally {
  await server?.close();
}
