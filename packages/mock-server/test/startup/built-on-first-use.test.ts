import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { RunningServer } from '../../src/adapters/node.ts';

// Start-up builds none of the OpenAPI document, the hosted pages or the dashboard: each is built when a
// request first asks for it. The builders are wrapped in spies, and the server is loaded afresh after
// them (the project's test files share one module registry), so every build from the import on counts.
const BUILDERS = {
  document: ['../../src/http/openapi/build-document.ts', 'buildOpenApiDocument'],
  pages: ['../../src/pages/kit/layout.ts', 'layout'],
  dashboard: ['../../src/pages/dashboard/shell.ts', 'dashboardPage'],
} as const;

const spies: Record<string, ReturnType<typeof vi.fn>> = {};
// A builder whose module is not loaded yet (the dashboard's, until its first request) has built nothing.
const builds = () =>
  Object.fromEntries(Object.keys(BUILDERS).map((name) => [name, spies[name]?.mock.calls.length ?? 0]));

beforeAll(() => {
  vi.resetModules();
  for (const [name, [path, exported]] of Object.entries(BUILDERS)) {
    vi.doMock(path, async (importOriginal) => {
      const original = await importOriginal<Record<string, (...args: never[]) => unknown>>();
      spies[name] = vi.fn(original[exported]);
      return { ...original, [exported]: spies[name] };
    });
  }
});

afterAll(() => {
  for (const [path] of Object.values(BUILDERS)) vi.doUnmock(path);
  vi.resetModules();
});

test('creating a service and starting the server build no document, page or dashboard; the first request does', async () => {
  const { createMockService } = await import('../../src/index.ts');
  const { startServer } = await import('../../src/adapters/node.ts');
  createMockService();
  const server: RunningServer = await startServer({ port: 0 });
  try {
    expect(builds()).toEqual({ document: 0, pages: 0, dashboard: 0 });

    const document = await fetch(`${server.url}/openapi.json`);
    expect(document.status).toBe(200);
    expect(builds()).toEqual({ document: 1, pages: 0, dashboard: 0 });

    const token = encodeURIComponent(server.service.dashboardToken);
    const signIn = await fetch(`${server.url}/dashboard?token=${token}`, { redirect: 'manual' });
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    const dashboard = await fetch(new URL(signIn.headers.get('location') ?? '/dashboard', server.url), {
      headers: { cookie },
    });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('<!doctype html>');
    expect(builds()).toEqual({ document: 1, pages: 1, dashboard: 1 });
  } finally {
    await server.close();
  }
});
