import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createRequestJournal, type JournalEntry } from './request-journal.ts';

const entry = (n: number): JournalEntry => ({
  method: 'GET',
  path: `/v2/orders/${n}`,
  query: '',
  status: 200,
  request_id: `req_${n}`,
  time: new Date(n).toISOString(),
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
