// `glm-mock serve` beside the harnesses teams compare it with, in one run on the same GET: WireMock (the
// standalone jar the npm package `wiremock` ships, on this machine's Java) and Mockoon CLI
// (`@mockoon/cli`), each answering `GET /api/v2/orders/<id>` with the same JSON (the order glm-mock
// answers, copied into a WireMock mapping and a Mockoon route). Per harness: ready time (spawn to the
// first 200 on that GET), requests a second and p99 latency under autocannon (10 connections, the
// figures' median round), and resident memory after the load (the whole process tree). The peers are
// installed once with npm into bench/.tmp/harness-peers.
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

/** One harness: started, loaded `LOAD.rounds` times, measured, stopped. */
async function measure(name, start) {
  const port = await freePort();
  const { child, readyMs, url, headers } = await start(port);
  try {
    const rounds = [];
    for (let round = 0; round < LOAD.rounds; round++) rounds.push(await load(url, headers));
    const rssMb = treeRssMb(child.pid);
    const result = {
      name,
      readyMs,
      perSecond: median(rounds.map((r) => r.perSecond)),
      p99: median(rounds.map((r) => r.p99)),
      rssMb,
    };
    progress(
      `${name}: ${Math.round(result.perSecond)} req/s, p99 ${result.p99} ms, ready ${Math.round(readyMs)} ms, ${Math.round(rssMb)} MB`,
    );
    return result;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
  }
}

runSection(async () => {
  installPeers();
  let order;
  const glm = await measure('glm-mock serve', async (port) => {
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
    const started = await startAndWait(process.execPath, [cli, ...env], `${base}/healthz`, {});
    order = await orderFrom(base);
    return { ...started, url: `${base}${order.path}`, headers };
  });
  const peer = (command, args) => async (port) => {
    const url = `http://127.0.0.1:${port}${order.path}`;
    return { ...(await startAndWait(command, args(port, order), url, {})), url, headers: {} };
  };
  const wiremock = await measure(`WireMock ${PEERS.wiremock}`, peer('java', wiremockArgs));
  const mockoon = await measure(`Mockoon CLI ${PEERS['@mockoon/cli']}`, peer(process.execPath, mockoonArgs));
  const notes = `GET ${order.path.replace(/ord_\w+/, 'ord_…')} answering the same ${order.body.length}-byte JSON; autocannon ${LOAD.connections} connections, ${LOAD.duration} s, median of ${LOAD.rounds} rounds; glm-mock with --rate-limit off --journal-size 0 (its readiness on /healthz, the peers' on the GET itself); memory: resident, the process tree, after the load`;
  return [wiremock, mockoon].map((other) => ({
    figure: `Harnesses: glm-mock serve against ${other.name}, same GET`,
    baseline: other.name,
    value: `${Math.round(glm.perSecond)} req/s, p99 ${glm.p99} ms, ready ${(glm.readyMs / 1000).toFixed(2)} s, ${Math.round(glm.rssMb)} MB`,
    baselineValue: `${Math.round(other.perSecond)} req/s, p99 ${other.p99} ms, ready ${(other.readyMs / 1000).toFixed(2)} s, ${Math.round(other.rssMb)} MB`,
    ratio: `${(glm.perSecond / other.perSecond).toFixed(1)} × req/s`,
    target: other.name.startsWith('WireMock') ? '≥ 3 × req/s' : 'reported',
    met: other.name.startsWith('WireMock') ? glm.perSecond >= 3 * other.perSecond : null,
    notes,
  }));
});
