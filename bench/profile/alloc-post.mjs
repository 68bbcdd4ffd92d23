// Sampled allocations per `POST /api/v2/checkout` through the API pipeline core (bench/profile/pipeline-post.mjs),
// by allocating function: every allocation (collected ones included), or with `--retained` only what is
// still alive after a full GC (what the store keeps per checkout).
// `node --expose-gc bench/profile/alloc-post.mjs [--retained]`
import { Session } from 'node:inspector/promises';
import { checkoutPoster } from './checkout-poster.mjs';

const retained = process.argv.includes('--retained');
const post = await checkoutPoster();
for (let i = 0; i < 2000; i++) await post();
const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 512,
  includeObjectsCollectedByMajorGC: !retained,
  includeObjectsCollectedByMinorGC: !retained,
});
const N = 5000;
for (let i = 0; i < N; i++) await post();
if (retained) globalThis.gc();
const { profile } = await session.post('HeapProfiler.stopSampling');
const byFn = new Map();
let total = 0;
const walk = (node, stack) => {
  const name = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}`;
  const self = node.selfSize;
  total += self;
  byFn.set(name, (byFn.get(name) ?? 0) + self);
  for (const child of node.children) walk(child, [...stack, name]);
};
walk(profile.head, []);
console.log(`${retained ? 'retained' : 'allocated'} bytes per POST (sampled): ${(total / N).toFixed(0)}`);
for (const [name, size] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log(String(Math.round(size / N)).padStart(7), name);
