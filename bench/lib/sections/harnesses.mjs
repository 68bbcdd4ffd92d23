// `glm-mock serve` beside the harnesses teams compare it with and the floor, in one run on the same GET:
// WireMock (the standalone jar the npm package `wiremock` ships, on this machine's Java; skipped with a
// note where Java is missing), Mockoon CLI (`@mockoon/cli`), Prism (`@stoplight/prism-cli`, pinned in
// bench/package.json, mocking from glm-mock's own OpenAPI document) and a bare `node:http` server.
// WireMock, Mockoon and the bare server answer `GET /api/v2/orders/<id>` with the same JSON (the order
// glm-mock answers, copied into a WireMock mapping, a Mockoon route and the bare server's file); Prism
// answers that GET as the document describes it (a body it builds from the `Order` schema, validating
// the request's bearer key, at its defaults: it logs every request; it matches the paths without the
// servers' `/api/v2`). Per harness: ready time (spawn to the first 200 on that GET), requests a
// second and p99 latency under autocannon (10 connections, the figures' median round), and resident
// memory after the load (the whole process tree). WireMock and Mockoon are installed once with npm into
// bench/.tmp/harness-peers.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../free-port.mjs';
import { LOAD } from '../load.mjs';
import { median, progress, runSection } from '../section.mjs';

const PEERS = { wiremock: '3.13.2', '@mockoon/cli': '9.9.0' };
const dir = fileURLToPath(new URL('../../.tmp/harness-peers/', import.meta.url));
const cli = fileURLToPath(new URL('../../../packages/mock-server/bin/glm-mock.js', import.meta.url));
const KEY = `glm_test_${'B3nchHarness0000'}.${'h'.repeat(32)}`;
const prismBin = fileURLToPath(
  new URL('../../node_modules/@stoplight/prism-cli/dist/index.js', import.meta.url),
);
const bareScript = fileURLToPath(new URL('../bare-peer-process.mjs', import.meta.url));
/** The Prism version bench/package.json pins. */
const prismVersion = () =>
  JSON.parse(
    readFileSync(new URL('../../node_modules/@stoplight/prism-cli/package.json', import.meta.url), 'utf8'),
  ).version;
/** Whether this machine runs Java (WireMock's runtime). */
const hasJava = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

function installPeers() {
  const installed = Object.entries(PEERS).every(([name, version]) => {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === version;
  });
  if (installed) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
  const specs = Object.entries(PEERS).map(([name, version]) => `${name}@${version}`);
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', ...specs], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (install.status !== 0) throw new Error(`npm install of the peers failed: ${install.stderr}`);
}

/** Resident memory of a process and its descendants, in MB (Linux /proc). */
function treeRssMb(pid) {
  const rss = (id) => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
  const children = (id) =>
    readdirSync(`/proc/${id}/task`).flatMap((task) =>
      readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean),
    );
  let total = 0;
  const pending = [String(pid)];
  while (pending.length > 0) {
    const id = pending.pop();
    try {
      total += rss(id);
      pending.push(...children(id));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total / 1024;
}

/** Starts `command`, waits for the first 200 on `url`; answers the child and the milliseconds it took. */
async function startAndWait(command, args, url, headers) {
  const started = performance.now();
  const child = spawn(command, args, { stdio: 'ignore' });
  for (;;) {
    const ok = await fetch(url, { headers }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return { child, readyMs: performance.now() - started };
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
    if (performance.now() - started > 60_000) throw new Error(`${command} not ready in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function load(url, headers) {
  const options = { url, connections: LOAD.connections, headers };
  await autocannon({ ...options, duration: LOAD.warmup });
  const result = await autocannon({ ...options, duration: LOAD.duration });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { perSecond: result.requests.average, p99: result.latency.p99 };
}

/** An order as glm-mock answers it: its path and body text, for the peers to answer the same. */
async function orderFrom(url) {
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
  const triggered = await fetch(`${url}/api/v2/test_helpers/triggers`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 'order.completed' }),
  }).then((response) => response.json());
  const path = `/api/v2/orders/${triggered.event.data.id}`;
  return { path, body: await fetch(`${url}${path}`, { headers }).then((response) => response.text()) };
}

function wiremockArgs(port, order) {
  const root = join(dir, 'wiremock-root');
  mkdirSync(join(root, 'mappings'), { recursive: true });
  const mapping = {
    request: { method: 'GET', url: order.path },
    response: { status: 200, body: order.body, headers: { 'content-type': 'application/json' } },
  };
  writeFileSync(join(root, 'mappings', 'order.json'), JSON.stringify(mapping));
  const jar = join(dir, 'node_modules/wiremock/build', `wiremock-standalone-${PEERS.wiremock}.jar`);
  return [
    '-jar',
    jar,
    '--port',
    String(port),
    '--bind-address',
    '127.0.0.1',
    '--root-dir',
    root,
    '--disable-banner',
    '--disable-request-logging',
  ];
}

function mockoonArgs(port, order) {
  const route = 'route-order';
  const environment = {
    uuid: 'glm-bench',
    lastMigration: 32,
    name: 'glm bench',
    endpointPrefix: '',
    latency: 0,
    port,
    hostname: '127.0.0.1',
    folders: [],
    routes: [
      {
        uuid: route,
        type: 'http',
        documentation: '',
        method: 'get',
        endpoint: order.path.slice(1),
        responses: [
          {
            uuid: 'response-order',
            body: order.body,
            latency: 0,
            statusCode: 200,
            label: '',
            headers: [{ key: 'content-type', value: 'application/json' }],
            bodyType: 'INLINE',
            filePath: '',
            databucketID: '',
            sendFileAsBody: false,
            rules: [],
            rulesOperator: 'OR',
            disableTemplating: true,
            fallbackTo404: false,
            default: true,
            crudKey: 'id',
            callbacks: [],
          },
        ],
        responseMode: null,
        streamingMode: null,
        streamingInterval: 0,
      },
    ],
    rootChildren: [{ type: 'route', uuid: route }],
    proxyMode: false,
    proxyHost: '',
    proxyRemovePrefix: false,
    tlsOptions: {
      enabled: false,
      type: 'CERT',
      pfxPath: '',
      certPath: '',
      keyPath: '',
      caPath: '',
      passphrase: '',
    },
    cors: false,
    headers: [],
    proxyReqHeaders: [],
    proxyResHeaders: [],
    data: [],
    callbacks: [],
  };
  const file = join(dir, 'mockoon-environment.json');
  writeFileSync(file, JSON.stringify(environment));
  return [
    join(dir, 'node_modules/@mockoon/cli/bin/run.js'),
    'start',
    '--data',
    file,
    '--port',
    String(port),
    '--hostname',
    '127.0.0.1',
    '--disable-log-to-file',
  ];
}

/** Prism mocking from glm-mock's OpenAPI document, saved from the running server to a file. */
function prismArgs(document) {
  return (port) => [
    prismBin,
    'mock',
    document,
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
    '--errors',
    'false',
  ];
}

function bareArgs(port, order) {
  const file = join(dir, 'bare-order.json');
  writeFileSync(file, order.body);
  return [bareScript, String(port), file];
}

/** Starts one harness on a free port; answers it with its ready time, URL and headers. */
async function startHarness(name, start) {
  const port = await freePort();
  return { name, ...(await start(port)), rounds: [] };
}

/** Stops a harness's process and waits for it to exit. */
async function stopHarness({ child }) {
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
}

/**
 * Loads every started harness `LOAD.rounds` times, the harnesses taking turns in each round (so a busy
 * spell on the machine hits them alike), then reads each one's memory; answers their figures.
 */
async function measureAll(harnesses) {
  for (let round = 0; round < LOAD.rounds; round++) {
    for (const harness of harnesses) harness.rounds.push(await load(harness.url, harness.headers));
  }
  return harnesses.map(({ name, readyMs, rounds, child }) => {
    const result = {
      name,
      readyMs,
      perSecond: median(rounds.map((r) => r.perSecond)),
      p99: median(rounds.map((r) => r.p99)),
      rssMb: treeRssMb(child.pid),
    };
    progress(
      `${name}: ${Math.round(result.perSecond)} req/s, p99 ${result.p99} ms, ready ${Math.round(result.readyMs)} ms, ${Math.round(result.rssMb)} MB`,
    );
    return result;
  });
}

runSection(async () => {
  installPeers();
  let order;
  let documentText;
  const started = [];
  const glmStarted = await startHarness('glm-mock serve', async (port) => {
    const env = [
      'serve',
      '--port',
      String(port),
      '--test-key',
      KEY,
      '--rate-limit',
      'off',
      '--journal-size',
      '0',
    ];
    const base = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${KEY}` };
    const ready = await startAndWait(process.execPath, [cli, ...env], `${base}/healthz`, {});
    order = await orderFrom(base);
    documentText = await fetch(`${base}/openapi.json`).then((response) => response.text());
    return { ...ready, url: `${base}${order.path}`, headers };
  });
  started.push(glmStarted);
  const document = join(dir, 'glm-openapi.json');
  writeFileSync(document, documentText);
  const auth = { authorization: `Bearer ${KEY}` };
  const peer =
    (command, args, { headers = {}, path = order.path } = {}) =>
    async (port) => {
      const url = `http://127.0.0.1:${port}${path}`;
      return { ...(await startAndWait(command, args(port, order), url, headers)), url, headers };
    };
  const skipped = [];
  let measured;
  try {
    if (hasJava()) started.push(await startHarness(`WireMock ${PEERS.wiremock}`, peer('java', wiremockArgs)));
    else skipped.push(`WireMock ${PEERS.wiremock}`);
    started.push(
      await startHarness(`Mockoon CLI ${PEERS['@mockoon/cli']}`, peer(process.execPath, mockoonArgs)),
      await startHarness(
        `Prism ${prismVersion()}`,
        peer(process.execPath, prismArgs(document), {
          headers: auth,
          // Prism matches the document's paths as they are written, without the servers' `/api/v2`.
          path: order.path.replace('/api/v2', ''),
        }),
      ),
      await startHarness('bare node:http', peer(process.execPath, bareArgs)),
    );
    measured = await measureAll(started);
  } finally {
    await Promise.all(started.map(stopHarness));
  }
  const [glm, ...others] = measured;
  const bare = others.at(-1);
  const notes =
    `GET ${order.path.replace(/ord_\w+/, 'ord_…')}: WireMock, Mockoon and the bare server answer the same ` +
    `${order.body.length}-byte JSON (the bare server serializing it per request), Prism (at its defaults, logging ` +
    `every request) the body it builds from the document's Order schema on GET /orders/ord_…; autocannon ${LOAD.connections} connections, ${LOAD.duration} s, ` +
    `median of ${LOAD.rounds} rounds, the harnesses taking turns in each; glm-mock with --rate-limit off --journal-size 0 (its readiness on ` +
    `/healthz, the peers' on the GET itself); memory: resident, the process tree, after the load`;
  const cells = (result) =>
    `${Math.round(result.perSecond)} req/s, p99 ${result.p99} ms, ready ${(result.readyMs / 1000).toFixed(2)} s, ${Math.round(result.rssMb)} MB`;
  const rows = others.map((other, index) => ({
    figure: `Harnesses: glm-mock serve against ${other.name}, same GET`,
    baseline: other.name,
    value: cells(glm),
    baselineValue: cells(other),
    ratio: `${(glm.perSecond / other.perSecond).toFixed(other === bare ? 2 : 1)} × req/s`,
    target: other.name.startsWith('WireMock') ? '≥ 3 × req/s' : 'reported',
    met: other.name.startsWith('WireMock') ? glm.perSecond >= 3 * other.perSecond : null,
    notes: index === 0 ? notes : 'as in the first harness row',
  }));
  for (const name of skipped) {
    rows.push({
      figure: `Harnesses: glm-mock serve against ${name}, same GET`,
      baseline: name,
      value: cells(glm),
      baselineValue: 'not measured',
      ratio: '–',
      target: '≥ 3 × req/s',
      met: null,
      notes: 'skipped: no `java` on this machine (WireMock runs on Java 11 or later)',
    });
  }
  return rows;
});
