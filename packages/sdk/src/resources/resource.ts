import type { Requester } from '../internal/requester.ts';

/** The base of every resource: it holds the client's requester, shared by all resources of one client. */
export abstract class Resource {
  /** Sends calls for this resource. */
  protected readonly requester: Requester;

  /** Binds the resource to a client's requester. */
  constructor(requester: Requester) {
    this.requester = requester;
  }
}
