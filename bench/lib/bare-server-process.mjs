// Child: the baseline, a bare node:http server that answers every GET with the order's JSON and every
// POST (after reading its body) with the checkout creation JSON, as the mock server would.
import { createServer } from 'node:http';
import { serveChild } from './child.mjs';

serveChild(async ({ orderText, checkoutText }) => {
  const order = Buffer.from(orderText);
  const checkout = Buffer.from(checkoutText);
  const server = createServer((request, response) => {
    if (request.method === 'POST') {
      request.resume();
      request.on('end', () => {
        response.writeHead(201, { 'content-type': 'application/json' }).end(checkout);
      });
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(order);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}` };
});
