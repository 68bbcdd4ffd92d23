import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createRequestJournal, type JournalEntry } from './request-journal.ts';

const entry = (n: number, method = 'GET', status = 200): JournalEntry => ({
  id: `req_${n}`,
  method,
  path: `/v2/orders/${n}`,
  query: '',
  operation: 'getOrder',
  status,
  request_id: `req_${n}`,
  idempotency_key: null,
  replayed: false,
  fault: null,
  client: null,
  warning: null,
  headers: {},
  body: null,
  response_bytes: 2,
  duration_ms: 0,
  created_at: new Date(n).toISOString(),
});

test('the journal holds the last `capacity` entries, oldest first, whatever was recorded and cleared', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -1, max: 7 }),
      fc.array(fc.oneof(fc.nat({ max: 1000 }), fc.constant('clear' as const)), { maxLength: 60 }),
      (capacity, steps) => {
        const journal = createRequestJournal(capacity);
        let model: JournalEntry[] = [];
        for (const step of steps) {
          if (step === 'clear') {
            journal.clear();
            model = [];
          } else {
            journal.record(entry(step));
            model = [...model, entry(step)].slice(Math.max(0, model.length + 1 - Math.max(0, capacity)));
          }
          expect(journal.entries()).toEqual(model);
        }
      },
    ),
  );
});

test('entries() is a copy: changing it leaves the journal alone', () => {
  const journal = createRequestJournal(2);
  for (const n of [1, 2, 3]) journal.record(entry(n));
  journal.entries().pop();
  expect(journal.entries().map((e) => e.request_id)).toEqual(['req_2', 'req_3']);
});

test('a page is newest first, filtered, continues after its cursor, and counts what was dropped', () => {
  const journal = createRequestJournal(4);
  for (const n of [1, 2, 3, 4, 5])
    journal.record(entry(n, n % 2 === 0 ? 'POST' : 'GET', n === 5 ? 404 : 200));
  expect(journal.dropped()).toBe(1);
  const first = journal.page({}, 2);
  expect(first?.data.map((e) => e.id)).toEqual(['req_5', 'req_4']);
  expect([first?.has_more, first?.next_cursor, first?.dropped]).toEqual([true, 'req_4', 1]);
  expect(journal.page({}, 2, 'req_4')?.data.map((e) => e.id)).toEqual(['req_3', 'req_2']);
  expect(journal.page({}, 2, 'req_3')?.has_more).toBe(false);
  expect(journal.page({}, 2, 'req_1')).toBeUndefined();
  expect(journal.page({ method: 'post' }, 10)?.data.map((e) => e.id)).toEqual(['req_4', 'req_2']);
  expect(journal.page({ status: 404 }, 10)?.data.map((e) => e.id)).toEqual(['req_5']);
  expect(journal.entries({ path: '/api/v2/orders/:id' })).toHaveLength(4);
  expect(journal.entries({ path: '/orders/3' }).map((e) => e.id)).toEqual(['req_3']);
  journal.clear();
  expect([journal.entries(), journal.dropped()]).toEqual([[], 0]);
});

test('watch sees every entry recorded until it is stopped', () => {
  const journal = createRequestJournal(1);
  const seen: string[] = [];
  const stop = journal.watch((e) => seen.push(e.id));
  journal.record(entry(1));
  journal.record(entry(2));
  stop();
  journal.record(entry(3));
  expect(seen).toEqual(['req_1', 'req_2']);
});

test('an entry kept with its body text reads with the body parsed, secrets removed, a copy on every read', () => {
  const journal = createRequestJournal(2);
  const seen: JournalEntry[] = [];
  journal.watch((e) => seen.push(e));
  const text = '{"card":"4242 4242 4242 4242","note":"hi","lines":[{"n":1}]}';
  journal.keep({ entry: entry(1, 'POST'), bodyText: text });
  journal.keep({ entry: entry(2, 'POST'), bodyText: '' });
  const [first, second] = journal.entries();
  const redacted = { card: '************4242', note: 'hi', lines: [{ n: 1 }] };
  expect(first?.body).toEqual(redacted);
  expect(second?.body).toEqual({});
  expect(Object.keys(first ?? {})).toEqual(Object.keys(entry(1)));
  expect(seen.map((e) => e.body)).toEqual([redacted, {}]);
  expect(journal.page({ method: 'POST' }, 1)?.data[0]?.body).toEqual({});
  (first?.body as { note: string }).note = 'changed';
  expect(journal.entries()[0]?.body).toEqual(redacted);
});
