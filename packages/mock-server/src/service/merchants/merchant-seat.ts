import type { Merchant } from '@glm/domain/test-helpers';
import type { Engine } from '../../core/engine.ts';
import type { ApiCore } from '../api-core.ts';
import type { MockService } from '../mock-service.ts';
import type { MockServiceOptions } from '../mock-service-options.ts';

/** One merchant on the server: who it is, and the service instance that is its sandbox. */
export interface MerchantSeat {
  /** The merchant as the API answers it. */
  merchant: Merchant;
  /** Its service instance. */
  readonly service: MockService;
  /** The engine behind {@link MerchantSeat.service}. */
  readonly engine: Engine;
  /** The API pipeline behind {@link MerchantSeat.service}. */
  readonly core: ApiCore;
}

/** What a new merchant's instance is made from, by the server that holds it. */
export interface MerchantStarts {
  /** The options of the server's first merchant. */
  readonly first: MockServiceOptions;
  /** The options of every merchant created later (its own keys are generated). */
  readonly newcomer: MockServiceOptions;
}

/**
 * Where a server keeps its merchants beyond memory (`glm-mock serve --data`): a new merchant's journal
 * is opened before it answers, and a removed merchant's place is cleared.
 */
export interface MerchantStorage {
  /** Opens the place of a new merchant and answers the journal its instance writes to. */
  open(merchant: Merchant): Promise<Pick<MockServiceOptions, 'journal'>>;
  /** Clears the place of a removed merchant. */
  removed(merchant: Merchant): Promise<void>;
}

/**
 * The merchants of one server, each a service instance of its own, and the host in front of them: it
 * finds the merchant of an API request by its key, of a hosted page by the object in its path, and of
 * the dashboard by the merchant chosen there. What has no merchant (health, the OpenAPI document,
 * static files, an unknown key's `401`) is answered by the first merchant's instance.
 */
export interface MerchantHost {
  /** The server's first merchant, which cannot be removed. */
  readonly first: MerchantSeat;
  /** Answers any request (fetch standard). */
  handle(request: Request): Promise<Response>;
  /** The API pipeline in front of every merchant's (the node adapter's fast path). */
  readonly core: ApiCore;
  /** Every merchant, oldest first. */
  list(): MerchantSeat[];
  /** A merchant by id. */
  seat(id: string): MerchantSeat | undefined;
  /** Adds a merchant with a known identity and options (a restarted server bringing one back). */
  restore(merchant: Merchant, options: Pick<MockServiceOptions, 'journal' | 'snapshot'>): MerchantSeat;
  /** Gives the first merchant the identity it had before a restart. */
  adoptFirst(merchant: Merchant): void;
  /** Keeps merchants made from now on in `storage`. */
  keepIn(storage: MerchantStorage): void;
}
