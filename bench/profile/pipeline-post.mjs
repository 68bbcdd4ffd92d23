// CPU per `POST /api/v2/checkout` through the API pipeline core alone (bench/profile/checkout-poster.mjs):
// the server's own work per checkout, without the sockets and the load generator of http-load.
// `node bench/profile/pipeline-post.mjs [rounds] [calls]`
import { cpuMicrosPerCall, median } from '../lib/section.mjs';
import { checkoutPoster } from './checkout-poster.mjs';

const rounds = Number(process.argv[2] ?? 9);
const calls = Number(process.argv[3] ?? 3000);
const post = await checkoutPoster();
const samples = [];
for (let round = 0; round < rounds; round++) samples.push(await cpuMicrosPerCall(post, calls));
console.log(
  `pipeline POST /api/v2/checkout: median ${median(samples).toFixed(1)} µs CPU per call ` +
    `(rounds: ${samples.map((sample) => sample.toFixed(0)).join(' ')})`,
);
