import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createOrderedCollection } from '../core/store/ordered-collection.ts';
import { asStored, listPage } from './list-page.ts';

type Item = { readonly id: string; readonly created_at: string; readonly colour: 'red' | 'blue' };

const START = Date.parse('2025-03-01T00:00:00Z');

function collectionOf(colours: readonly ('red' | 'blue')[]) {
  const collection = createOrderedCollection<Item, string>(
    (item) => item.id,
    (item) => Date.parse(item.created_at),
  );
  colours.forEach((colour, index) => {
    collection.insert({
      id: `it_${index}`,
      created_at: new Date(START + index * 1000).toISOString(),
      colour,
    });
  });
  return collection;
}

test('an unknown cursor is a 400 invalid_request naming starting_after and the listed noun', () => {
  const outcome = listPage(
    collectionOf(['red']),
    { limit: 10, starting_after: 'it_9' },
    { noun: 'widget', present: asStored },
  );
  expect(outcome).toEqual({
    ok: false,
    code: 'invalid_request',
    message: 'starting_after names no widget.',
    param: 'starting_after',
  });
});

test('a page shows each object through present, keeping has_more and the cursor of the stored object', () => {
  const outcome = listPage(
    collectionOf(['red', 'blue', 'red']),
    { limit: 1 },
    {
      noun: 'widget',
      present: (item) => item.colour,
    },
  );
  expect(outcome).toEqual({ ok: true, value: { data: ['red'], has_more: true, next_cursor: 'it_2' } });
});

test('walking a list page by page yields exactly the filtered objects inside the time bounds, newest first', () => {
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom<'red' | 'blue'>('red', 'blue'), { maxLength: 30 }),
      fc.integer({ min: 1, max: 7 }),
      fc.option(fc.integer({ min: -1, max: 31 }), { nil: undefined }),
      fc.option(fc.integer({ min: -1, max: 31 }), { nil: undefined }),
      fc.option(fc.constantFrom<'red' | 'blue'>('red', 'blue'), { nil: undefined }),
      (colours, limit, after, before, colour) => {
        const collection = collectionOf(colours);
        const iso = (index: number | undefined) =>
          index === undefined ? undefined : new Date(START + index * 1000).toISOString();
        const expected = colours
          .map((itemColour, index) => ({ itemColour, index }))
          .filter(
            ({ itemColour, index }) =>
              (colour === undefined || itemColour === colour) &&
              (after === undefined || index > after) &&
              (before === undefined || index < before),
          )
          .map(({ index }) => `it_${index}`)
          .reverse();
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let pages = 0; pages <= colours.length + 1; pages++) {
          const outcome = listPage(
            collection,
            { limit, starting_after: cursor, created_after: iso(after), created_before: iso(before) },
            {
              noun: 'item',
              where: (item) => colour === undefined || item.colour === colour,
              present: asStored,
            },
          );
          if (!outcome.ok) throw new Error(outcome.message);
          const body = outcome.value;
          expect(body.data.length).toBeLessThanOrEqual(limit);
          seen.push(...body.data.map((item) => item.id));
          if (!body.has_more) break;
          cursor = body.next_cursor ?? undefined;
        }
        expect(seen).toEqual(expected);
      },
    ),
  );
});
