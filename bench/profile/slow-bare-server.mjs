// Child: the bare `node:http` server of `bench/lib/bare-server-process.mjs`, made slower by a busy loop of
// `spin` µs of JavaScript before each answer (for `cpu-split.mjs`).
import { createServer } from 'node:http';
import { serveChild } from '../lib/child.mjs';

serveChild(async ({ orderText, checkoutText, spin }) => {
  const order = Buffer.from(orderText);
  const checkout = Buffer.from(checkoutText);
  const busy = () => {
    const until = process.hrtime.bigint() + BigInt(spin * 1000);
    while (process.hrtime.bigint() < until);
  };
  const server = createServer((request, response) => {
    if (request.method === 'POST') {
      request.resume();
      request.on('end', () => {
        busy();
        response.writeHead(201, { 'content-type': 'application/json' }).end(checkout);
      });
      return;
    }
    busy();
    response.writeHead(200, { 'content-type': 'application/json' }).end(order);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}` };
});
