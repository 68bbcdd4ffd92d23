// Child: a local webhook receiver on node:http that answers every POST with 200 and counts them.
import { createServer } from 'node:http';
import { serveChild } from './child.mjs';

serveChild(async () => {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}'),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/webhooks` };
});
