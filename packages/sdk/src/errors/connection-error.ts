import { GlmError } from './glm-error.ts';

/** The request never got an HTTP answer: DNS, TCP, TLS or a reset connection. `cause` holds the fetch error. */
export class ConnectionError extends GlmError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'ConnectionError';
}
