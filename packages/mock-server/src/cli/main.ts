import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startServer } from '../adapters/node.ts';
import type { SeedData } from '../service/mock-service-options.ts';
import { DEMO_CHECKOUT, DEMO_PRODUCTS } from './demo-catalog.ts';

const USAGE = `Usage: glm-mock serve [--port N] [--host H] [--test-key K] [--live-key K] [--seed FILE] [--dashboard-token T] [--allowed-origin O]... [--demo]

  --port N             port to listen on (0, the default, picks a free port)
  --host H             host to bind (default 127.0.0.1)
  --test-key K         register this exact test key (glm_test_<16>.<32>); generated otherwise
  --live-key K         register this exact live key (glm_live_<16>.<32>); generated otherwise
  --seed FILE          JSON file {"products": [...]} of product creation bodies to load
  --dashboard-token T  token of the dashboard address (generated otherwise)
  --allowed-origin O   an origin allowed to embed the hosted checkout (repeatable; test sessions
                       also allow every localhost origin)
  --demo               seed a demo catalog and print a checkout session URL`;

function fail(message: string): never {
  console.error(`glm-mock: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function readSeed(file: string): SeedData {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SeedData;
  } catch (error) {
    return fail(`cannot read seed file ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'test-key': { type: 'string' },
      'live-key': { type: 'string' },
      seed: { type: 'string' },
      'dashboard-token': { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true },
      demo: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0–65535, not ${values.port}`);
  const keys = {
    ...(values['test-key'] === undefined ? {} : { test: values['test-key'] }),
    ...(values['live-key'] === undefined ? {} : { live: values['live-key'] }),
  };
  const products = [
    ...(values.demo ? DEMO_PRODUCTS : []),
    ...(values.seed === undefined ? [] : (readSeed(values.seed).products ?? [])),
  ];
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      port,
      host: values.host,
      keys,
      clock: 'system',
      seed: { products },
      allowedOrigins: values['allowed-origin'] ?? [],
      ...(values['dashboard-token'] === undefined ? {} : { dashboardToken: values['dashboard-token'] }),
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const { service, url } = server;
  console.log(`glm-mock listening on ${url}`);
  console.log(`test key: ${service.keys.test}`);
  console.log(`live key: ${service.keys.live}`);
  console.log(`dashboard: ${url}/dashboard?token=${encodeURIComponent(service.dashboardToken)}`);
  if (values.demo) {
    const response = await service.handle(
      new Request(`${url}/api/v2/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_CHECKOUT),
      }),
    );
    const created = (await response.json()) as { data?: { checkout_url?: string } };
    console.log(`demo checkout: ${created.data?.checkout_url ?? '(could not be created)'}`);
  }
  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'serve') {
  serve(rest).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
} else if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
  console.log(USAGE);
} else {
  fail(`unknown command ${command}`);
}
