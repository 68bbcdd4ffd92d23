import { crc32 } from './crc32.ts';

/**
 * One record of a data file as a line: eight hex digits of the CRC-32 of the JSON text, a space, the
 * JSON text, a newline. JSON text never holds a raw newline, so a record is exactly one line.
 */
export function encodeRecord(value: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(value), 'utf8');
  const head = Buffer.from(`${crc32(json).toString(16).padStart(8, '0')} `, 'latin1');
  return Buffer.concat([head, json, Buffer.from('\n')]);
}

/** A record that could not be read: which one (1-based), where it starts and why. */
interface BadRecord {
  /** Its number in the file, from 1. */
  readonly number: number;
  /** Byte offset of its start. */
  readonly offset: number;
  /** What is wrong with it. */
  readonly reason: string;
}

/** What reading a data file found: the good records, and the bad one they stop at, if any. */
export interface ReadRecords {
  /** The records read, in order. */
  readonly records: unknown[];
  /** The first bad record: the last one of the file (torn by a crash) or one followed by more. */
  readonly bad?: BadRecord & {
    /** Whether the bad record is the file's last (a torn write) rather than followed by more records. */
    readonly last: boolean;
  };
  /** Bytes of the good records (where a torn tail starts). */
  readonly goodBytes: number;
}

const decodeOne = (line: Buffer): { readonly value: unknown } | string => {
  const text = line.toString('latin1', 0, 9);
  if (!/^[0-9a-f]{8} $/.test(text)) return 'no checksum';
  const json = line.subarray(9);
  if (crc32(json).toString(16).padStart(8, '0') !== text.slice(0, 8)) return 'checksum mismatch';
  try {
    return { value: JSON.parse(json.toString('utf8')) as unknown };
  } catch {
    return 'not JSON';
  }
};

/** Reads the records of a data file, stopping at the first bad one (see {@link ReadRecords}). */
export function readRecords(bytes: Buffer): ReadRecords {
  const records: unknown[] = [];
  let offset = 0;
  let number = 0;
  while (offset < bytes.length) {
    number += 1;
    const end = bytes.indexOf(0x0a, offset);
    const last = end === -1 || end === bytes.length - 1;
    if (end === -1) {
      return { records, goodBytes: offset, bad: { number, offset, reason: 'cut short (no line end)', last } };
    }
    const decoded = decodeOne(bytes.subarray(offset, end));
    if (typeof decoded === 'string')
      return { records, goodBytes: offset, bad: { number, offset, reason: decoded, last } };
    records.push(decoded.value);
    offset = end + 1;
  }
  return { records, goodBytes: offset };
}
