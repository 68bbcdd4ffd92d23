import type { OperationId, ROUTES } from '@glm/domain/contract';
import { expectTypeOf, test } from 'vitest';
import type { Glm } from '../src/client.ts';

/** The member of `T` at a dotted path (`testHelpers.clock.advance`), or `never`. */
type At<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/** The endpoints whose row of the route table names no SDK call, or one the client does not have. */
type Unreached = {
  [K in OperationId]: (typeof ROUTES)[K] extends { readonly sdk: infer Call extends string }
    ? [At<Glm, Call>] extends [never]
      ? K
      : At<Glm, Call> extends (...args: never[]) => unknown
        ? never
        : K
    : K;
}[OperationId];

test('every endpoint of the route table has the SDK call its row names, but the document, the readiness probe and suite setup', () => {
  // The document and the readiness probe are for tools and scripts, not for a merchant's code.
  // Restarting coverage and setting future mode are a suite's setup (`mock.clearCoverage()`,
  // `createMockService({ future })`, `glm-mock serve --future` or plain HTTP): the SDK's `import { Glm }`
  // budget has no room for them.
  expectTypeOf<Unreached>().toEqualTypeOf<
    'getOpenApiDocument' | 'getHealth' | 'testClearCoverage' | 'testGetFuture' | 'testSetFuture'
  >();
});
