// `pnpm fuzz`: the HTTP fuzzer of the mock server at length. Bundles the fuzzer from its TypeScript
// sources (into bench/.tmp/), sends --requests N (default 100 000) seeded requests generated from the
// server's OpenAPI document to fresh in-process services, and prints what it tried and what it found.
// Options: --requests N, --seed S (default 14: the same seed sends the same requests), --http (over
// 127.0.0.1 to each service's standalone server instead of service.handle). Exit code 1 when
// an invariant broke (no 5xx, x-request-id, the error body, a refusal changes nothing, Object.prototype).
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundle } from '../bench/lib/internal-build.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '14' },
    http: { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);
const seed = Number(values.seed);
if (!Number.isSafeInteger(requests) || requests < 1 || !Number.isSafeInteger(seed)) {
  console.error('usage: pnpm fuzz [--requests N] [--seed S] [--http]');
  process.exit(2);
}

const entry = new URL('../packages/mock-server/test/fuzz/run-fuzz.ts', import.meta.url);
const { runFuzz } = await import(pathToFileURL(await bundle(entry, 'fuzz')).href);

const started = performance.now();
let reported = 0;
const transport = values.http ? 'http' : 'handle';
const report = await runFuzz({
  seed,
  requests,
  transport,
  onProgress: (sent) => {
    if (sent - reported < 10_000 && sent < requests) return;
    reported = sent;
    const seconds = (performance.now() - started) / 1000;
    console.log(`  ${sent.toLocaleString('en-US')} requests, ${seconds.toFixed(0)} s`);
  },
});
const seconds = (performance.now() - started) / 1000;

const table = (record) =>
  Object.entries(record)
    .sort(([, a], [, b]) => b - a)
    .map(([key, value]) => `${key} ${value.toLocaleString('en-US')}`)
    .join(', ');

console.log(
  `\nglm-mock fuzz over ${transport === 'http' ? 'HTTP to the standalone server' : 'service.handle'}: seed ${seed}, ${report.sent.toLocaleString('en-US')} requests to ${report.services} fresh services in ${seconds.toFixed(1)} s (${Math.round(report.sent / seconds)}/s)`,
);
console.log(`\nAnswers by status: ${table(report.byStatus)}`);
console.log(`Not representable as a fetch Request (skipped): ${report.unsendable}`);
console.log('\nWhat it tried (requests with each trait; the rest were well-formed for their operation):');
for (const [trait, value] of Object.entries(report.tried).sort(([, a], [, b]) => b - a)) {
  console.log(`  ${String(value.toLocaleString('en-US')).padStart(8)}  ${trait}`);
}
console.log(
  `  prototype keys in bodies: ${report.prototypeKeys.sent}, refused ${report.prototypeKeys.refused}`,
);
console.log('\nBy operation (status: count):');
for (const [operation, statuses] of Object.entries(report.byOperation).sort(([a], [b]) =>
  a.localeCompare(b),
)) {
  console.log(`  ${operation.padEnd(48)} ${table(statuses)}`);
}
if (report.violationCount === 0) {
  console.log(
    '\nNo invariant broke: no 5xx, every answer with x-request-id, every API error in the error body, no refusal changed the store, Object.prototype untouched.',
  );
} else {
  console.log(`\n${report.violationCount} invariant violations; the first ${report.violations.length}:`);
  for (const violation of report.violations) console.log(JSON.stringify(violation));
  process.exitCode = 1;
}
