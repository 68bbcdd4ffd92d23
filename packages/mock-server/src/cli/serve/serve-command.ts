import { parseArgs } from 'node:util';
import { type Mode, parseApiKey } from '@glm/domain';
import { FaultNetwork } from '@glm/domain/test-helpers';
import { type RunningServer, startServer } from '../../adapters/node.ts';
import { parseSeed } from '../../service/seed.ts';
import { SeedError } from '../../service/seed-error.ts';
import { type CliIo, type CliOutcome, CliRefusal } from '../cli-io.ts';
import type { ServeData } from './serve-data.ts';
import { namingSource, SERVE_ENVIRONMENT_USAGE, serveSettings, settingRefusal } from './serve-environment.ts';
import {
  DEFAULT_PORT,
  readFaultFlags,
  readJournalSize,
  readRateLimit,
  readSnapshotFile,
} from './serve-flags.ts';

// What only some options need is loaded when one of them is given, so a plain `serve` reaches its first
// line without compiling it: the data directory (and its files), a seed, snapshot or coverage file, the
// future-mode grammar and the demo's data.
const loadCoverageOut = () => import('./coverage-out.ts');
const loadDemo = () => import('./demo.ts');
const loadFuture = () => import('./future-flag.ts');
const loadSeedFile = () => import('./seed-file.ts');
const loadServeData = () => import('./serve-data.ts');

// The network fault kinds a flag names with the word alone; a slow body takes its rate (shown below).
const PLAIN_NETWORK_FAULTS = FaultNetwork.exclude(['slow_body']).options.join('|');

/** The usage of `glm-mock serve`. */
export const SERVE_USAGE = `Usage: glm-mock serve [--port N] [--host H] [--test-key K] [--live-key K] [--seed FILE] [--snapshot FILE] [--dashboard-token T] [--allowed-origin O]... [--max-objects N] [--max-merchants N] [--fault F]... [--rate-limit R] [--journal-size N] [--coverage-out FILE] [--future LIST] [--demo] [--data DIR [--fresh]]

  --port N             port to listen on (default 4010; 0 picks a free port)
  --host H             host to bind (default 127.0.0.1)
  --test-key K         register this exact test key (glm_test_<16>.<32>); generated otherwise
  --live-key K         register this exact live key (glm_live_<16>.<32>); generated otherwise
  --seed FILE          a JSON seed file to load in test mode: products, customers (with saved test
                       cards), payment_links, subscriptions and webhook_endpoints, each the API's
                       creation body plus an optional "ref" that other entries name as "ref:<name>";
                       a bad seed is refused with every problem (entry and field), exit 2
  --snapshot FILE      start from a snapshot (what GET /v2/test_helpers/snapshot answers); a reset
                       returns to it (not with --data)
  --dashboard-token T  token of the dashboard address (generated otherwise)
  --allowed-origin O   an origin allowed to embed the hosted checkout (repeatable; test sessions
                       also allow every localhost origin)
  --max-objects N      hold at most N objects (products, sessions, orders, links, refunds, disputes,
                       subscriptions, customers, payment methods); past it, creating answers
                       507 storage_full instead of growing (default: no cap; each merchant its own)
  --max-merchants N    hold at most N merchants at once (POST /v2/test_helpers/merchants makes one
                       per suite or CI job; past N it answers 507 storage_full; default 1000)
  --fault F            a fault rule, "<METHOD> <path> <status|${PLAIN_NETWORK_FAULTS}> [after] [xN|x*]",
                       e.g. "POST /v2/checkout 503 x2" (repeatable; a reset installs them again);
                       after the path, any key=value of the Glm-Mock-Fault header: a slow body
                       "GET /v2/orders slow_body rate=512 x*" (bytes a second), a drawn delay
                       "GET /v2/orders/:id delay=lognormal(200,0.5) x*" or delay=uniform(<min>,<max>)
                       (milliseconds, each at most 30000; delay=<ms> is fixed)
                       or for webhook deliveries "WEBHOOK <event_type|*> <invalid|stale|missing|
                       wrong_secret|drop|delay=<ms>> [xN|x*]", e.g. "WEBHOOK order.completed stale"
  --rate-limit R       off, or <n>/s requests a second per key (default 100/s)
  --journal-size N     how many requests the request journal keeps (default 10000)
  --coverage-out FILE  on a clean stop, write what every merchant's requests exercised and never
                       did (GET /v2/test_helpers/coverage?scope=server) to FILE as JSON
  --future LIST        answer every test-mode request as a later API version would: fields, enums,
                       events, comma-separated (new members, new status values, new event types)
  --demo               load the demo seed (products, a customer with saved cards, a payment link, a
                       subscription) and print a checkout session URL
  --data DIR           keep the whole state in DIR: every change is on disk before it is answered,
                       and the next start on DIR carries on from it (keys and every merchant
                       included; --seed, --demo and --*-key then apply only to a new DIR). One
                       server per DIR.
  --fresh              with --data: forget the state kept in DIR and start empty

${SERVE_ENVIRONMENT_USAGE}`;

/** A key of `mode` from `name` (a flag or its variable); a refusal never repeats the key itself. */
function readKey(mode: Mode, value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const parsed = parseApiKey(value);
  if (!parsed.ok || parsed.value.mode !== mode) {
    const reason = parsed.ok ? `it is a ${parsed.value.mode} key` : parsed.message;
    throw settingRefusal(
      name,
      `${name} is not a well-formed ${mode} key (glm_${mode}_<16>.<32>): ${reason}.`,
    );
  }
  return value;
}

/** `--max-objects N`, `--max-merchants N`: a whole number of at least 1. */
function readCount(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1) {
    throw settingRefusal(name, `${name} must be a whole number of at least 1, not ${value}.`);
  }
  return Number(value);
}

/** The refusal of a data directory that cannot be opened; one this process may not write says so. */
function dataRefusal(name: string, dir: string, error: unknown): CliRefusal {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = error instanceof Error ? error.message : String(error);
  const message = ['EACCES', 'EPERM', 'EROFS'].includes(code ?? '')
    ? `the data directory ${dir} cannot be written by this process (user id ${process.getuid?.() ?? 'unknown'}): ${reason}. Give it a directory it may write (in a container: a named volume, or a host directory owned by that user id).`
    : reason;
  return settingRefusal(name, name.startsWith('--') ? message : `${name}: ${message}`);
}

/** The key's mode prefix and the first characters of its id: enough to tell which key it is. */
const maskedKey = (key: string): string => `${key.slice(0, 'glm_live_'.length + 4)}… (given; not printed)`;

/**
 * `glm-mock serve`: starts the reference server and answers it running; its first stdout line is
 * always `glm-mock listening on <url>`, then the data directory, snapshot and fault rules in force, the
 * keys and the dashboard address, ending with `GLM_BASE_URL=…` and `GLM_API_KEY=…` lines. A taken port
 * is one line naming `--port`. `--help` prints the text `usage` resolves to and exits 0.
 */
export async function serveCommand(
  args: readonly string[],
  io: CliIo,
  usage: () => Promise<string>,
): Promise<CliOutcome> {
  if (args.some((arg) => arg === '--help' || arg === '-h')) {
    io.stdout.write(`${await usage()}\n`);
    return { kind: 'exit', code: 0 };
  }
  const { values: flags } = parseArgs({
    args: [...args],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'test-key': { type: 'string' },
      'live-key': { type: 'string' },
      seed: { type: 'string' },
      'dashboard-token': { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true },
      'max-objects': { type: 'string' },
      'max-merchants': { type: 'string' },
      demo: { type: 'boolean' },
      data: { type: 'string' },
      fresh: { type: 'boolean' },
      snapshot: { type: 'string' },
      fault: { type: 'string', multiple: true },
      'rate-limit': { type: 'string' },
      'journal-size': { type: 'string' },
      'coverage-out': { type: 'string' },
      future: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const settings = serveSettings(flags, io.env);
  const { values, nameOf } = settings;
  const port = values.port ?? String(DEFAULT_PORT);
  const host = values.host ?? '127.0.0.1';
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) {
    throw settingRefusal(nameOf('port'), `${nameOf('port')} must be 0–65535, not ${port}.`);
  }
  const maxObjects = readCount(values['max-objects'], nameOf('max-objects'));
  const maxMerchants = readCount(values['max-merchants'], nameOf('max-merchants'));
  const test = readKey('test', values['test-key'], nameOf('test-key'));
  const live = readKey('live', values['live-key'], nameOf('live-key'));
  const dashboardToken = values['dashboard-token'];
  const seedFile = values.seed;
  const demo = values.demo === true ? await loadDemo() : undefined;
  const seeds = [
    ...(demo === undefined ? [] : [parseSeed(demo.DEMO_SEED)]),
    ...(seedFile === undefined
      ? []
      : [await namingSource(nameOf('seed'), async () => (await loadSeedFile()).readSeedFile(seedFile))]),
  ];
  const fresh = values.fresh === true;
  if (fresh && values.data === undefined) {
    const needs = nameOf('fresh').startsWith('--') ? '--data DIR' : 'GLM_MOCK_DATA (or --data DIR)';
    throw settingRefusal(nameOf('fresh'), `${nameOf('fresh')} needs ${needs}.`);
  }
  if (values.snapshot !== undefined && values.data !== undefined) {
    throw settingRefusal(
      nameOf('snapshot'),
      `${nameOf('snapshot')} and ${nameOf('data')} both say where the state comes from: give one.`,
    );
  }
  const faults = readFaultFlags(settings.faults);
  const rateLimit = readRateLimit(values['rate-limit'], nameOf('rate-limit'));
  const journalSize = readJournalSize(values['journal-size'], nameOf('journal-size'));
  const snapshot = await namingSource(nameOf('snapshot'), () => readSnapshotFile(values.snapshot));
  const dataDir = values.data;
  const coverage = values['coverage-out'] === undefined ? undefined : await loadCoverageOut();
  const coverageOut = await namingSource(nameOf('coverage-out'), () =>
    coverage?.readCoverageOut(values['coverage-out']),
  );
  const future =
    values.future === undefined
      ? undefined
      : await namingSource(nameOf('future'), async () => (await loadFuture()).readFuture(values.future));
  let data: ServeData | undefined;
  try {
    data =
      dataDir === undefined
        ? undefined
        : await (await loadServeData()).openServeData(dataDir, fresh, io.stderr);
  } catch (error) {
    throw dataRefusal(nameOf('data'), dataDir ?? '', error);
  }
  let server: RunningServer;
  try {
    server = await startServer({
      ...data?.options,
      port: Number(port),
      host,
      keys: { ...(test === undefined ? {} : { test }), ...(live === undefined ? {} : { live }) },
      clock: 'system',
      seed: seeds,
      allowedOrigins: values['allowed-origin'] ?? [],
      ...(maxObjects === undefined ? {} : { maxObjects }),
      ...(maxMerchants === undefined ? {} : { maxMerchants }),
      ...(dashboardToken === undefined ? {} : { dashboardToken }),
      ...(snapshot === undefined ? {} : { snapshot }),
      ...(rateLimit === undefined ? {} : { rateLimit }),
      ...(journalSize === undefined ? {} : { journalSize }),
      ...(future === undefined ? {} : { future }),
      faults,
    });
  } catch (error) {
    await data?.abandon();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new CliRefusal(
        `${nameOf('port')} ${port} is taken on ${host}: stop what listens there, or pass ${nameOf('port')} 0 for a free port.`,
        { usage: false },
      );
    }
    // Each seed was read and its refs checked; what the store refuses (a taken e-mail) shows here.
    if (error instanceof SeedError) throw (await loadSeedFile()).seedRefusal(seedFile ?? 'of --demo', error);
    throw new CliRefusal(error instanceof Error ? error.message : String(error));
  }
  if (data !== undefined) server = await data.wrap(server);
  if (coverage !== undefined && coverageOut !== undefined)
    server = coverage.writeCoverageOnClose(server, coverageOut);
  const { service, url } = server;
  // The first line is always the listening line: harnesses wait for it and read the URL from it.
  io.stdout.write(`glm-mock listening on ${url}\n`);
  if (data?.restored === true) io.stdout.write(`data: ${values.data} (state restored)\n`);
  else if (data !== undefined) io.stdout.write(`data: ${values.data} (new)\n`);
  if (values.snapshot !== undefined) io.stdout.write(`snapshot: ${values.snapshot}\n`);
  for (const rule of service.faults.list()) {
    const { method, path, operation, webhook } = rule.match;
    const target =
      webhook === undefined
        ? `${method ?? '*'} ${path ?? operation ?? '*'}`
        : `WEBHOOK ${webhook.event_type ?? '*'}`;
    io.stdout.write(`fault: ${rule.id} ${target}\n`);
  }
  io.stdout.write(`test key: ${service.keys.test}\n`);
  // A live key someone gave is a secret they hold already: CI logs and container logs show its start only.
  io.stdout.write(`live key: ${settings.liveKeyGiven ? maskedKey(service.keys.live) : service.keys.live}\n`);
  io.stdout.write(`dashboard: ${url}/dashboard?token=${encodeURIComponent(service.dashboardToken)}\n`);
  for (const [ref, id] of Object.entries(service.seedRefs())) io.stdout.write(`seed ${ref}: ${id}\n`);
  if (demo !== undefined) {
    const response = await service.handle(
      new Request(`${url}/api/v2/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' },
        body: JSON.stringify(demo.DEMO_CHECKOUT),
      }),
    );
    const created = (await response.json()) as { data?: { checkout_url?: string } };
    io.stdout.write(`demo checkout: ${created.data?.checkout_url ?? '(could not be created)'}\n`);
  }
  // Copy-paste lines for a shell or an .env file: the SDK, trigger and verify read both.
  io.stdout.write(`GLM_BASE_URL=${url}\n`);
  io.stdout.write(`GLM_API_KEY=${service.keys.test}\n`);
  return { kind: 'serving', server };
}
