import { parseJson } from './answer.ts';

/** What an attempt got: the response as `fetch` answered it, the one handed to ky, and the whole body. */
export interface AttemptAnswer {
  /** The response `fetch` answered (its body already read). */
  readonly response: Response;
  /** The response handed to ky: `response`, or a copy built from `bytes` when ky will clone it. */
  readonly handed: Response;
  readonly bytes: Uint8Array<ArrayBuffer>;
  /** The body as text and JSON, decoded on first use ({@link jsonOf}). */
  json: { readonly text: string; readonly parsed: ReturnType<typeof parseJson> } | undefined;
}

// What `Response.text()` does with the bytes: UTF-8, a leading BOM dropped, bad sequences replaced.
const utf8 = new TextDecoder();

/** The answer's text and JSON, decoded once. */
export function jsonOf(answer: AttemptAnswer): {
  readonly text: string;
  readonly parsed: ReturnType<typeof parseJson>;
} {
  if (answer.json === undefined) {
    const text = utf8.decode(answer.bytes);
    answer.json = { text, parsed: parseJson(text) };
  }
  return answer.json;
}
