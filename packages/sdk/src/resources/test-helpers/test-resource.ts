import type { TestPaymentRequest } from '@glm/domain/test-helpers';
import type { z } from 'zod';
import type { APIPromise } from '../../api-promise.ts';
import { GlmError } from '../../errors/glm-error.ts';
import { checkApiKey } from '../../internal/check-api-key.ts';
import type { Parsed } from '../../internal/requester.ts';
import type { RequestSpec } from '../../internal/transport/request-spec.ts';
import type { RequestOptions } from '../../request-options.ts';
import type { ResponseSchemaName } from '../../validation/response-schemas.ts';
import { Resource } from '../resource.ts';

/** The body of the test-helper pay routes: test card numbers, both defaulting to `4242424242424242`. */
export type TestPaymentParams = z.input<typeof TestPaymentRequest>;

/** The base of test helpers: every call is refused, before any request, with a live key. */
export abstract class TestResource extends Resource {
  /** Refuses the call with a live key: the call's own `apiKey`, else the client's. @internal */
  protected override check(spec: RequestSpec, options: RequestOptions | undefined): RequestSpec {
    if (options?.apiKey !== undefined) {
      if (checkApiKey(options.apiKey) === 'live') {
        throw new GlmError(
          'Test helpers need a test key (glm_test_…); this call passed a live key, so nothing was sent.',
        );
      }
    } else if (this.requester.mode === 'live') {
      throw new GlmError(
        'Test helpers need a test key (glm_test_…); this client holds a live key, so nothing was sent.',
      );
    }
    return spec;
  }

  /** Sends a test-helper call after the live-key check. @internal */
  protected call<K extends ResponseSchemaName>(
    spec: () => RequestSpec,
    schema: K,
    options?: RequestOptions,
  ): APIPromise<Parsed<K>> {
    return this.requester.call(() => this.check(spec(), options), schema, options);
  }
}
