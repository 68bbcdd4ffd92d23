import * as zlib from 'node:zlib';

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 in JavaScript, for Node versions before `zlib.crc32` (20.15). */
export function crc32Js(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

/** CRC-32 (IEEE, as zip and PNG use it) of some bytes: `zlib.crc32` where Node has it. */
export const crc32: (bytes: Uint8Array) => number = native === undefined ? crc32Js : (bytes) => native(bytes);
