import type { TestPaymentRequest } from '@glm/domain/test-helpers';
import type { z } from 'zod';
import { GlmError } from '../../errors/glm-error.ts';
import { checkApiKey } from '../../internal/check-api-key.ts';
import type { RequestSpec } from '../../internal/request-spec.ts';
import type { RequestOptions } from '../../request-options.ts';
import { Resource } from '../resource.ts';

/** The body of the test-helper pay routes: test card numbers, both defaulting to `4242424242424242`. */
export type TestPaymentParams = z.input<typeof TestPaymentRequest>;

/** The base of test helpers: every call is refused, before any request, with a live key. */
export abstract class TestResource extends Resource {
  /** Refuses the call with a live key: the call's own `apiKey`, else the client's. @internal */
  protected override check(spec: RequestSpec, options: RequestOptions | undefined): RequestSpec {
    const ownKey = options?.apiKey;
    if ((ownKey === undefined ? this.requester.mode : checkApiKey(ownKey)) === 'live') {
      throw new GlmError(
        `Test helpers need a test key: this ${ownKey === undefined ? 'client holds' : 'call passed'} a live key.`,
      );
    }
    return spec;
  }
}
