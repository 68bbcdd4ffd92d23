import type { Answer } from '../answer.ts';
import { refusalAnswer } from '../answer.ts';
import { parseJsonBody } from '../read-body.ts';
import type { Admitted, RequestContext } from './request-context.ts';

/** A body that stopped arriving: the client went away, or was slower than the server's request timeout. */
const BODY_CUT_OFF = (): Answer =>
  refusalAnswer('request_timeout', 'The request body did not arrive whole in time; send it again.');

/**
 * Reads and parses the body of a `POST` or `PUT` onto the context (`413`, `415`, `400` or `408` when it
 * cannot be); other methods read none, and are answered at once. Answers the refusal, or `undefined`
 * when the body is in place.
 */
export function readRequestBody(
  context: RequestContext,
  admitted: Admitted,
): Promise<Answer | undefined> | undefined {
  const { method } = admitted.route;
  return method === 'POST' || method === 'PUT' ? readBodyOnto(context, admitted) : undefined;
}

/** Reads the request's JSON body onto the context: the refusal, or `undefined` once it is in place. */
async function readBodyOnto(context: RequestContext, admitted: Admitted): Promise<Answer | undefined> {
  const { route } = admitted;
  const { request } = context;
  let bytes: Uint8Array | undefined;
  try {
    bytes = await request.readBody();
  } catch {
    return { ...BODY_CUT_OFF(), beforeOperation: true };
  }
  const read = parseJsonBody(bytes, request.header('content-type'), route.malformedCode ?? 'invalid_request');
  if (!read.ok) return read.answer;
  context.body = read.value;
  context.bodyText = read.text;
  return undefined;
}
