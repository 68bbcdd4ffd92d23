import type { IncomingMessage, ServerResponse } from 'node:http';
import { FAULT_TIMEOUT_HOLD_MS, type FaultNetwork } from '@glm/domain/test-helpers';
import { slowChunkPause, slowChunkSize } from '../http/faults/slow-body.ts';
import type { PipelineReply } from '../http/pipeline/pipeline-request.ts';

/** A pipeline reply that a network fault replaces. */
export type NetworkFaultReply = PipelineReply & { readonly network: FaultNetwork };

/** Resolves when the client's connection closes, or after the longest hold. */
function heldUntilClosed(incoming: IncomingMessage, maxMs = FAULT_TIMEOUT_HOLD_MS): Promise<void> {
  return new Promise((resolve) => {
    const socket = incoming.socket;
    if (socket.destroyed) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      socket.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    timer.unref();
    socket.once('close', done);
  });
}

/**
 * Carries out a network fault on a real socket: `reset` destroys it with no answer; `timeout` sends
 * nothing until the client gives up (closes the connection) or a minute has passed, then destroys it;
 * `truncated` sends a `200` announcing the whole body, half of it, and destroys the socket; `slow_body`
 * sends the status and headers at once and the body in chunks at its rate.
 */
export async function sendNetworkFault(
  reply: NetworkFaultReply,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Promise<void> {
  if (reply.network === 'reset') {
    outgoing.destroy();
    return;
  }
  if (reply.network === 'timeout') {
    await heldUntilClosed(incoming);
    outgoing.destroy();
    return;
  }
  const bytes = Buffer.from(reply.body);
  if (reply.network === 'slow_body') {
    await sendSlowly(reply, bytes, outgoing);
    return;
  }
  outgoing.statusCode = 200;
  for (const [name, value] of Object.entries(reply.headers)) outgoing.setHeader(name, value);
  outgoing.setHeader('content-length', bytes.length);
  outgoing.setHeader('connection', 'close');
  outgoing.flushHeaders();
  outgoing.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => {
    outgoing.destroy();
  });
}

/** Writes a reply's body in chunks at its rate, after its status and headers; stops if the client leaves. */
async function sendSlowly(reply: NetworkFaultReply, bytes: Buffer, outgoing: ServerResponse): Promise<void> {
  const rate = reply.rateBytesPerSecond ?? 1;
  outgoing.statusCode = reply.status;
  for (const [name, value] of Object.entries(reply.headers)) outgoing.setHeader(name, value);
  outgoing.setHeader('content-length', bytes.length);
  outgoing.flushHeaders();
  const size = slowChunkSize(rate);
  for (let offset = 0; offset < bytes.length && !outgoing.destroyed; offset += size) {
    const chunk = bytes.subarray(offset, offset + size);
    outgoing.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, slowChunkPause(chunk.length, rate)));
  }
  outgoing.end();
}
