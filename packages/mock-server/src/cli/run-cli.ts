import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { EventType, type Mode, parseApiKey } from '@glm/domain';
import { type RunningServer, startServer } from '../adapters/node.ts';
import type { SeedData } from '../service/mock-service-options.ts';
import { DEMO_CHECKOUT, DEMO_PRODUCTS } from './demo-catalog.ts';
import { openServeData, type ServeData } from './serve-data.ts';
import { runTrigger, TriggerFailure, triggerableTypes } from './trigger-flows.ts';
import { VERIFY_USAGE, verifyCommand } from './verify-command.ts';

/** The usage text `glm-mock --help` prints. */
const USAGE = `Usage: glm-mock serve [--port N] [--host H] [--test-key K] [--live-key K] [--seed FILE] [--dashboard-token T] [--allowed-origin O]... [--max-objects N] [--demo] [--data DIR [--fresh]]

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
  --fresh              with --data: forget the state kept in DIR and start empty

       glm-mock trigger <event-type> [--base-url URL] [--key KEY]
       glm-mock trigger --list

  Drives a real flow over HTTP against a running server until the event (and the events before it)
  fires: prints each object created (kind and id), then "event <type> <evt_id>". --list prints every
  triggerable type.
  --base-url URL       the server (default: GLM_BASE_URL, then http://127.0.0.1:4010)
  --key KEY            a test key (default: GLM_API_KEY); a live key is refused before any request

${VERIFY_USAGE}

Environment: GLM_MOCK_TEST_KEY, GLM_MOCK_LIVE_KEY and GLM_MOCK_DASHBOARD_TOKEN stand in for the
options of the same name when those are not given (secrets on a command line show in process lists).`;

/** Where the CLI writes: `process.stdout`/`process.stderr`, or a collector in tests. */
interface CliOutput {
  /** Writes one chunk of text. */
  write(chunk: string): unknown;
}

/** What the CLI runs against: its output streams and its environment. */
export interface CliIo {
  /** Normal output: the listening line, keys, addresses, usage on `--help`. */
  readonly stdout: CliOutput;
  /** Refusals: a clear message and the usage. */
  readonly stderr: CliOutput;
  /** Environment variables (`process.env`). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** What a CLI run ends with: an exit code, or a running server that the caller stops on a signal. */
export type CliOutcome =
  | { readonly kind: 'exit'; readonly code: number }
  | { readonly kind: 'serving'; readonly server: RunningServer };

class CliRefusal extends Error {}

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

const isHelp = (arg: string | undefined): boolean => arg === '--help' || arg === '-h' || arg === 'help';

async function serve(args: readonly string[], io: CliIo): Promise<CliOutcome> {
  if (args.some((arg) => arg === '--help' || arg === '-h')) {
    io.stdout.write(`${USAGE}\n`);
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

const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';

async function trigger(args: readonly string[], io: CliIo): Promise<CliOutcome> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      'base-url': { type: 'string' },
      key: { type: 'string' },
      list: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.list) {
    io.stdout.write(`${triggerableTypes(EventType.options).join('\n')}\n`);
    return { kind: 'exit', code: 0 };
  }
  if (positionals.length !== 1) throw new CliRefusal('trigger takes exactly one event type (see --list).');
  const type = EventType.safeParse(positionals[0]);
  if (!type.success)
    throw new CliRefusal(`unknown event type ${positionals[0]} (see glm-mock trigger --list).`);
  const key = values.key ?? io.env['GLM_API_KEY'];
  if (key === undefined || key === '')
    throw new CliRefusal('no key: give --key or set GLM_API_KEY to a test key.');
  const parsed = parseApiKey(key);
  if (key.startsWith('glm_live_') || (parsed.ok && parsed.value.mode !== 'test')) {
    throw new CliRefusal(
      'trigger refuses a live key: it creates objects and moves the clock, test keys only.',
    );
  }
  if (!parsed.ok) throw new CliRefusal(`--key is not a well-formed test key: ${parsed.message}`);
  const baseUrl = values['base-url'] ?? io.env['GLM_BASE_URL'] ?? DEFAULT_BASE_URL;
  try {
    await runTrigger(type.data, { baseUrl, key, print: (line) => io.stdout.write(`${line}\n`) });
  } catch (error) {
    if (!(error instanceof TriggerFailure)) throw error;
    io.stderr.write(`glm-mock: ${error.message}\n`);
    return { kind: 'exit', code: error.exitCode };
  }
  return { kind: 'exit', code: 0 };
}

/**
 * Runs the `glm-mock` command line in-process: `serve` starts the reference server and answers
 * it running (its first stdout line is `glm-mock listening on <url>`, then the keys and the dashboard
 * address); `--help` (alone or after `serve`) prints the usage and exits 0; a bad option, key, port or seed file is refused on stderr with
 * exit code 2 and nothing left listening. `trigger <event-type>` drives the flow that fires that event
 * against a running server (see `trigger-flows.ts`) and exits 0; `trigger --list` prints the types. An
 * unknown type, a live key (refused before any request) or an unreachable server is one line on stderr
 * and exit code 2; a flow the server answers with an error is one line and exit code 1. The caller owns the process: `main.ts` stops the server on
 * SIGINT/SIGTERM and sets the exit code.
 *
 * @example
 * const outcome = await runCli(['serve', '--port', '0'], { stdout, stderr, env: {} });
 * if (outcome.kind === 'serving') await outcome.server.close();
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<CliOutcome> {
  const [command, ...rest] = argv;
  try {
    if (command === 'serve') return await serve(rest, io);
    if (command === 'trigger') return await trigger(rest, io);
    if (command === 'verify') return { kind: 'exit', code: await verifyCommand(rest, io) };
    if (command === undefined || isHelp(command)) {
      io.stdout.write(`${USAGE}\n`);
      return { kind: 'exit', code: 0 };
    }
    throw new CliRefusal(`unknown command ${command}`);
  } catch (error) {
    // parseArgs refuses unknown or malformed options with a TypeError whose message names the option.
    const message = error instanceof Error ? error.message : String(error);
    // trigger's refusals are one line (scripts read them); serve's add the usage.
    io.stderr.write(command === 'trigger' ? `glm-mock: ${message}\n` : `glm-mock: ${message}\n\n${USAGE}\n`);
    return { kind: 'exit', code: 2 };
  }
}
