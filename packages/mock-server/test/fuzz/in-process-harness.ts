import type { MockService } from '../../src/index.ts';
import type { Harness, Reply } from '../support/harness.ts';

/** A {@link Harness} over `service.handle`, without msw or a server: for building a world outside vitest hooks. */
export function inProcessHarness(service: MockService): Harness {
  return {
    service,
    transport: 'msw',
    async request(method, path, { body, rawBody, headers = {}, key = 'test' } = {}): Promise<Reply> {
      const all: Record<string, string> = { ...headers };
      if (key !== null)
        all['authorization'] ??= `Bearer ${typeof key === 'string' ? service.keys[key] : key.raw}`;
      const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
      if (body !== undefined) all['content-type'] ??= 'application/json';
      const init: RequestInit = { method, headers: all, ...(payload === undefined ? {} : { body: payload }) };
      const response = await service.handle(new Request(`http://127.0.0.1${path}`, init));
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // left as text
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
  };
}
