import type { KnownEvent } from '../webhook-event.ts';

/** A small known event for the verification tests. */
export function sampleEvent(id = 'evt_0123456789abcdefghijABCD'): KnownEvent {
  return {
    id,
    type: 'order.completed',
    created_at: '2026-01-02T03:04:05.000Z',
    test_mode: true,
    api_version: 'v2',
    data: { id: 'ord_0123456789abcdefghijABCD', reference_id: 'cart_42' },
  } as KnownEvent;
}
