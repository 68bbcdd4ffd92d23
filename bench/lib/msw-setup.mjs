// The msw figure's setup, shared by the in-process section, the call worker and profile/instructions-task.mjs so all
// measure the same thing: a
// mock service holding one paid five-item order behind `mockHandlers`, and a bare msw handler
// answering the same order JSON, under one msw 2 `setupServer`.
import { mockHandlers } from '@glm/mock-server/msw';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { benchService, createPaidOrder } from './fixtures.mjs';

/** The base URL the SDK and the mock's handlers use. */
export const MOCK_BASE = 'https://api.glm.test';
const BARE_BASE = 'https://bare.glm.test';

/** Starts msw with both handlers; answers the mock, the order, the bare handler's URL and `close()`. */
export async function startMswBench() {
  const mock = benchService();
  const { orderId, orderText } = await createPaidOrder(mock, MOCK_BASE);
  const msw = setupServer(
    ...mockHandlers(mock, { baseUrl: MOCK_BASE }),
    http.get(
      `${BARE_BASE}/v2/orders/:id`,
      () => new HttpResponse(orderText, { headers: { 'content-type': 'application/json' } }),
    ),
  );
  msw.listen({ onUnhandledRequest: 'error' });
  return { mock, orderId, orderText, bareUrl: `${BARE_BASE}/v2/orders/${orderId}`, close: () => msw.close() };
}
