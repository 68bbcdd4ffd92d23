import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type Mode, parseApiKey } from '@glm/domain';
import { type RunningServer, startServer } from '../../adapters/node.ts';
import type { SeedData } from '../../service/mock-service-options.ts';
import { type CliIo, type CliOutcome, CliRefusal } from '../cli-io.ts';
import { DEMO_CHECKOUT, DEMO_PRODUCTS } from '../demo-catalog.ts';
import { openServeData, type ServeData } from './serve-data.ts';

/** The usage of `glm-mock serve`. */
export const SERVE_USAGE = `Usage: glm-mock serve [--port N] [--host H] [--test-key K] [--live-key K] [--seed FILE] [--dashboard-token T] [--allowed-origin O]... [--max-objects N] [--demo] [--data DIR [--fresh]]

  --port N             port to listen on (0, the default, picks a free port)
  --host H             host to bind (default 127.0.0.1)
  --test-key K         register this exact test key (glm_test_<16>.<32>); generated otherwise
  --live-key K         register this exact live key (glm_live_<16>.<32>); generated otherwise
  --seed FILE          JSON file {"products": [...]} of product creation bodies to load
  --dashboard-token T  token of the dashboard address (generated otherwise)
  --allowed-origin O   an origin allowed to embed the hosted checkout (repeatable; test sessions
                       also allow every localhost origin)
  --max-objects N      hold at most N objects (products, sessions, orders, links, refunds, disputes,
                       subscriptions, customers, payment methods); past it, creating answers
                       507 storage_full instead of growing (default: no cap)
  --demo               seed a demo catalog and print a checkout session URL
  --data DIR           keep the whole state in DIR: every change is on disk before it is answered,
                       and the next start on DIR carries on from it (keys included; --seed, --demo
                       products and --*-key then apply only to a new DIR). One server per DIR.
  --fresh              with --data: forget the state kept in DIR and start empty`;

function readKey(mode: Mode, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = parseApiKey(value);
  if (!parsed.ok || parsed.value.mode !== mode) {
    const reason = parsed.ok ? `it is a ${parsed.value.mode} key` : parsed.message;
    throw new CliRefusal(
      `--${mode}-key is not a well-formed ${mode} key (glm_${mode}_<16>.<32>): ${reason}.`,
    );
  }
  return value;
}

async function readSeed(file: string): Promise<readonly Readonly<Record<string, unknown>>[]> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CliRefusal(
      `cannot read seed file ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const products = (data as SeedData | null)?.products;
  if (typeof data !== 'object' || data === null || (products !== undefined && !Array.isArray(products))) {
    throw new CliRefusal(`seed file ${file} must be a JSON object {"products": [...]}.`);
  }
  return products ?? [];
}

/**
 * `glm-mock serve`: starts the reference server and answers it running; its first stdout line is
 * `glm-mock listening on <url>` (after the `data:` line with `--data`), then the keys and the dashboard
 * address. `--help` prints `usage` and exits 0.
 */
export async function serveCommand(args: readonly string[], io: CliIo, usage: string): Promise<CliOutcome> {
  if (args.some((arg) => arg === '--help' || arg === '-h')) {
    io.stdout.write(`${usage}\n`);
    return { kind: 'exit', code: 0 };
  }
  const { values } = parseArgs({
    args: [...args],
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'test-key': { type: 'string' },
      'live-key': { type: 'string' },
      seed: { type: 'string' },
      'dashboard-token': { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true },
      'max-objects': { type: 'string' },
      demo: { type: 'boolean', default: false },
      data: { type: 'string' },
      fresh: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535) {
    throw new CliRefusal(`--port must be 0–65535, not ${values.port}.`);
  }
  const maxObjects = values['max-objects'];
  if (maxObjects !== undefined && (!/^\d{1,15}$/.test(maxObjects) || Number(maxObjects) < 1)) {
    throw new CliRefusal(`--max-objects must be a whole number of at least 1, not ${maxObjects}.`);
  }
  const test = readKey('test', values['test-key'] ?? io.env['GLM_MOCK_TEST_KEY']);
  const live = readKey('live', values['live-key'] ?? io.env['GLM_MOCK_LIVE_KEY']);
  const dashboardToken = values['dashboard-token'] ?? io.env['GLM_MOCK_DASHBOARD_TOKEN'];
  const products = [
    ...(values.demo ? DEMO_PRODUCTS : []),
    ...(values.seed === undefined ? [] : await readSeed(values.seed)),
  ];
  if (values.fresh && values.data === undefined) throw new CliRefusal('--fresh needs --data DIR.');
  let data: ServeData | undefined;
  try {
    data = values.data === undefined ? undefined : await openServeData(values.data, values.fresh, io.stderr);
  } catch (error) {
    throw new CliRefusal(error instanceof Error ? error.message : String(error));
  }
  let server: RunningServer;
  try {
    server = await startServer({
      ...data?.options,
      port: Number(values.port),
      host: values.host,
      keys: { ...(test === undefined ? {} : { test }), ...(live === undefined ? {} : { live }) },
      clock: 'system',
      seed: { products },
      allowedOrigins: values['allowed-origin'] ?? [],
      ...(maxObjects === undefined ? {} : { maxObjects: Number(maxObjects) }),
      ...(dashboardToken === undefined ? {} : { dashboardToken }),
    });
  } catch (error) {
    await data?.abandon();
    throw new CliRefusal(error instanceof Error ? error.message : String(error));
  }
  if (data !== undefined) server = data.wrap(server);
  const { service, url } = server;
  if (data?.restored === true) io.stdout.write(`data: ${values.data} (state restored)\n`);
  else if (data !== undefined) io.stdout.write(`data: ${values.data} (new)\n`);
  io.stdout.write(`glm-mock listening on ${url}\n`);
  io.stdout.write(`test key: ${service.keys.test}\n`);
  io.stdout.write(`live key: ${service.keys.live}\n`);
  io.stdout.write(`dashboard: ${url}/dashboard?token=${encodeURIComponent(service.dashboardToken)}\n`);
  if (values.demo) {
    const response = await service.handle(
      new Request(`${url}/api/v2/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_CHECKOUT),
      }),
    );
    const created = (await response.json()) as { data?: { checkout_url?: string } };
    io.stdout.write(`demo checkout: ${created.data?.checkout_url ?? '(could not be created)'}\n`);
  }
  return { kind: 'serving', server };
}
