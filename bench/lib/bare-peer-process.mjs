// A bare node:http server for the harness comparison, started as its own process like the peers:
// `node bare-peer-process.mjs <port> <body file>` answers every request with the JSON in the file,
// serialized per request (`JSON.stringify` of the parsed object), `content-type: application/json`
// and `Content-Length` (which Node adds when the headers are set one by one, as glm-mock sends them).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, file] = process.argv.slice(2);
const body = JSON.parse(readFileSync(file, 'utf8'));
createServer((_request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
}).listen(Number(port), '127.0.0.1');
