import { networkFaultResponse } from '../faults/fetch-network-fault.ts';
import { readLimited } from '../read-body.ts';
import type { PipelineCore } from './pipeline-request.ts';

/** Wraps a {@link PipelineCore} as a fetch-standard handler; network faults become what fetch sees of them. */
export function fetchEntry(core: PipelineCore): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const reply = await core({
      method: request.method,
      pathname: url.pathname,
      search: url.search,
      header: (name) => request.headers.get(name),
      eachHeader: (visit) => {
        request.headers.forEach((value, name) => {
          visit(name, value);
        });
      },
      readBody: () => readLimited(request),
    });
    if (reply.network !== undefined) {
      return networkFaultResponse({ ...reply, network: reply.network }, request.signal);
    }
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  };
}
