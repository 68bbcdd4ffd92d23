import { expect, test } from 'vitest';
import { readRawBody } from './raw-body.ts';

const text = '{"id":"evt_1","name":"café"}';
const bytes = new TextEncoder().encode(text);

test('a string body is read as its UTF-8 bytes', async () => {
  expect(await readRawBody(text)).toEqual(bytes);
});

test('a Uint8Array view is read over exactly its own bytes, offset included', async () => {
  const padded = new Uint8Array(bytes.length + 8);
  padded.set(bytes, 4);
  expect(await readRawBody(padded.subarray(4, 4 + bytes.length))).toEqual(bytes);
});

test('an ArrayBuffer and a Node Buffer are read byte for byte', async () => {
  expect(await readRawBody(bytes.slice().buffer)).toEqual(bytes);
  expect(new Uint8Array((await readRawBody(Buffer.from(text))) ?? [])).toEqual(bytes);
});

test('an unread Request is read from its body', async () => {
  expect(await readRawBody(new Request('https://shop.test/hook', { method: 'POST', body: text }))).toEqual(
    bytes,
  );
});

test('a Request whose body was already read is not raw', async () => {
  const request = new Request('https://shop.test/hook', { method: 'POST', body: text });
  await request.text();
  expect(await readRawBody(request)).toBeUndefined();
});

test('a parsed object, null, a number or undefined is not raw', async () => {
  for (const body of [JSON.parse(text), null, 42, undefined, [1, 2]]) {
    expect(await readRawBody(body)).toBeUndefined();
  }
});
