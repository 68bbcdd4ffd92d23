// Child: the baseline, a bare node:http server answering what the mock server answers, byte for byte
// in the body and with the same header names (`content-type`, `x-request-id`). It does the work any
// plain server answering JSON does on every request: `JSON.stringify` of the answer's object (the order
// for every GET; the checkout creation for every POST, after reading the body and `JSON.parse` of it)
// and a fresh request id. With `prebuilt`, it writes bytes serialized once instead: Node's own floor.
import { createServer } from 'node:http';
import { serveChild } from './child.mjs';

serveChild(async ({ orderText, checkoutText, prebuilt = false }) => {
  const order = JSON.parse(orderText);
  const checkout = JSON.parse(checkoutText);
  const orderBytes = Buffer.from(orderText);
  const checkoutBytes = Buffer.from(checkoutText);
  let sequence = 0;
  const requestId = () => `req_${String(++sequence).padStart(24, '0')}`;
  const answer = (response, status, object, bytes) => {
    // As the mock server sends its answers: headers set one by one, so Node adds `Content-Length`.
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    response.setHeader('x-request-id', requestId());
    response.end(prebuilt ? bytes : JSON.stringify(object));
  };
  const server = createServer((request, response) => {
    if (request.method !== 'POST') {
      answer(response, 200, order, orderBytes);
      return;
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (!prebuilt) JSON.parse(Buffer.concat(chunks).toString('utf8'));
      answer(response, 201, checkout, checkoutBytes);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}` };
});
