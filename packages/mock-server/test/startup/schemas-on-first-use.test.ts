import { afterAll, beforeAll, expect, test, vi } from 'vitest';

// The domain builds its largest schemas (the event union, request bodies and queries, list pages) when
// first used. A plain `glm-mock serve` builds none of them before its first line: the route table and
// the document's names hold them unbuilt. A request whose body one of them parses builds it. The domain's
// `lazySchema` is wrapped so that each build is counted, and the CLI is loaded afresh after it (the
// project's test files share one module registry).
const LAZY_SCHEMA = '../../../domain/src/schemas/lazy-schema.ts';

const built: string[] = [];

beforeAll(() => {
  vi.resetModules();
  vi.doMock(LAZY_SCHEMA, async (importOriginal) => {
    const original = await importOriginal<typeof import('../../../domain/src/schemas/lazy-schema.ts')>();
    return {
      ...original,
      lazySchema: <S extends Parameters<typeof original.lazySchema>[0]>(build: S) =>
        original.lazySchema(() => {
          const schema = build();
          built.push(schema._zod.def.type);
          return schema;
        }),
    };
  });
});

afterAll(() => {
  vi.doUnmock(LAZY_SCHEMA);
  vi.resetModules();
});

test('a plain serve builds none of the schemas the domain builds on first use; a request body parsed by one builds it', async () => {
  const { runCli } = await import('../../src/cli/run-cli.ts');
  const { collector } = await import('../support/cli-output.ts');
  const output = collector({});
  const outcome = await runCli(['serve', '--port', '0'], output.io);
  if (outcome.kind !== 'serving') throw new Error(`not serving: ${output.stderr()}`);
  try {
    expect(output.stdout().split('\n')[0]).toMatch(/^glm-mock listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(built).toEqual([]);

    const key = /^GLM_API_KEY=(.+)$/m.exec(output.stdout())?.[1] ?? '';
    const created = await fetch(`${outcome.server.url}/v2/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Vitamin D', price: 1299, currency: 'USD' }),
    });
    expect(created.status).toBe(201);
    expect(built.length).toBeGreaterThan(0);
  } finally {
    await outcome.server.close();
  }
}, 60_000);
