// Import times: `import '@glm/domain'` against zod alone, and `import '@glm/mock-server/msw'` against
// `msw/node` with zod (what a merchant's msw setup imports anyway). Each figure is the time of the
// `import()` itself in a fresh Node process started in packages/mock-server (whose dependencies these
// are, built dist/ files, no source condition); the four are spawned in turn RUNS times; medians.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median, progress, runSection } from '../section.mjs';

/** A difference in milliseconds with its sign: `+39 ms`, `−17 ms`. */
const signedMs = (ms) => `${ms < 0 ? '−' : '+'}${Math.abs(ms).toFixed(0)} ms`;

const RUNS = 9;
const packageDir = fileURLToPath(new URL('../../../packages/mock-server/', import.meta.url));

/** The specifiers each probe imports, one after another, timed together. */
const PROBES = {
  zod: ['zod'],
  domain: ['@glm/domain'],
  mswAndZod: ['msw/node', 'zod'],
  mockMsw: ['@glm/mock-server/msw'],
};

async function importMs(specifiers) {
  const code =
    'const started = performance.now();' +
    specifiers.map((specifier) => `await import(${JSON.stringify(specifier)});`).join('') +
    'process.stdout.write(String(performance.now() - started));';
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', code], {
    cwd: packageDir,
  });
  return Number(stdout);
}

runSection(async () => {
  const times = Object.fromEntries(Object.keys(PROBES).map((name) => [name, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const [name, specifiers] of Object.entries(PROBES)) times[name].push(await importMs(specifiers));
  }
  const [zod, domain, mswAndZod, mockMsw] = Object.keys(PROBES).map((name) => median(times[name]));
  progress(`import '@glm/domain' ${domain.toFixed(0)} ms, zod alone ${zod.toFixed(0)} ms`);
  progress(
    `import '@glm/mock-server/msw' ${mockMsw.toFixed(0)} ms, msw/node + zod ${mswAndZod.toFixed(0)} ms`,
  );
  return [
    {
      figure: "`import '@glm/domain'`",
      baseline: "`import 'zod'` alone",
      value: `${domain.toFixed(0)} ms`,
      baselineValue: `${zod.toFixed(0)} ms`,
      ratio: signedMs(domain - zod),
      target: '≤ zod + 25 ms',
      met: domain - zod <= 25,
      notes: `the import() in a fresh process, zod included; median of ${RUNS}, in turn with the others; Node ${process.version}`,
    },
    {
      figure: "`import '@glm/mock-server/msw'`",
      baseline: "`import 'msw/node'` and `import 'zod'`",
      value: `${mockMsw.toFixed(0)} ms`,
      baselineValue: `${mswAndZod.toFixed(0)} ms`,
      ratio: signedMs(mockMsw - mswAndZod),
      target: '≤ msw/node + zod + 50 ms',
      met: mockMsw - mswAndZod <= 50,
      notes: `the import() in a fresh process, msw, zod and @glm/domain included; median of ${RUNS}, in turn with the others`,
    },
  ];
});
