import { createId, ok, parseApiKey } from '@glm/domain';
import type { Merchant, MerchantWithKeys } from '@glm/domain/test-helpers';
import type { Engine } from '../../core/engine.ts';
import { failure, type Outcome } from '../../core/outcome.ts';
import { cryptoRandom } from '../../core/random-source.ts';
import { coverageOf } from '../../http/coverage/instance-coverage.ts';
import type { MerchantControls } from '../../http/instance-controls.ts';
import { stripPrefix } from '../../http/path-prefixes.ts';
import type { PipelineCore } from '../../http/pipeline.ts';
import { webhooksOf } from '../../operations/webhooks/webhooks.ts';
import { type ApiCore, apiCoreOf } from '../api-core.ts';
import { createInstance } from '../create-instance.ts';
import { engineOf } from '../internals.ts';
import type { MockService } from '../mock-service.ts';
import type { MockServiceOptions } from '../mock-service-options.ts';
import { resolveMaxMerchants } from './max-merchants.ts';
import { DASHBOARD_MERCHANT_COOKIE, dashboardMerchantOf, isDashboard, objectIdOfPage } from './page-owner.ts';

/** One merchant on the server: who it is, and the service instance that is its sandbox. */
interface MerchantSeat {
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
interface MerchantStorage {
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

const BEARER = /^Bearer ([^\s]+)$/;

/** Builds the host and its first merchant from `starts`. */
export function createMerchantHost(starts: MerchantStarts): MerchantHost {
  const max = resolveMaxMerchants(starts.first.maxMerchants);
  const seats = new Map<string, MerchantSeat>();
  // The merchant of each `Authorization` value seen that one of them knows.
  const byAuthorization = new Map<string, MerchantSeat>();
  let made = 0;
  // Merchants whose storage is being opened: they count against the limit already.
  let opening = 0;
  let storage: MerchantStorage | undefined;

  const open = (
    identity: Omit<Merchant, 'created_at'> & { created_at?: string },
    options: MockServiceOptions,
  ) => {
    let seat: MerchantSeat | undefined;
    const self = (): MerchantSeat => {
      if (seat === undefined) throw new TypeError('The merchant is not open yet.');
      return seat;
    };
    const controls: MerchantControls = {
      create: (input) => create(input.name),
      current: () => self().merchant,
      list: () => [...seats.values()].map((each) => each.merchant),
      coverages: () => [...seats.values()].map((each) => coverageOf(each.engine).counters),
      deleteCurrent: () => remove(self()),
    };
    const service = createInstance(options, controls);
    const engine = engineOf(service);
    const core = apiCoreOf(service);
    if (core === undefined) throw new TypeError('An instance without its API pipeline.');
    const merchant = { ...identity, created_at: identity.created_at ?? engine.nowIso() };
    seat = { merchant, service, engine, core };
    seats.set(merchant.id, seat);
    made += 1;
    return seat;
  };

  const newcomerOptions = (): MockServiceOptions => ({
    ...starts.newcomer,
    dashboardToken: first.service.dashboardToken,
  });

  async function create(name: string | undefined): Promise<Outcome<MerchantWithKeys>> {
    if (seats.size + opening >= max) {
      return failure(
        'storage_full',
        `This server holds ${seats.size} merchants, its limit: remove one (DELETE /v2/test_helpers/merchants/current with its key) or start the server with a higher --max-merchants (maxMerchants).`,
      );
    }
    const identity = {
      id: createId('mer_', cryptoRandom),
      name: name ?? `Merchant ${made + opening + 1}`,
      // When its own clock starts: the server's start time, or now.
      created_at: new Date(starts.newcomer.now ?? Date.now()).toISOString(),
    };
    let kept: Pick<MockServiceOptions, 'journal'> = {};
    if (storage !== undefined) {
      opening += 1;
      try {
        kept = await storage.open(identity);
      } catch (error) {
        return failure('service_unavailable', `The new merchant could not be kept on disk: ${String(error)}`);
      } finally {
        opening -= 1;
      }
    }
    const seat = open(identity, { ...newcomerOptions(), ...kept });
    // Its keys are answered only once its state is on disk, so a crash right after cannot lose them.
    const refused = await seat.core.settle();
    if (refused !== undefined) {
      await remove(seat);
      return refused;
    }
    return ok({
      ...seat.merchant,
      keys: { test: seat.service.keys.test, live: seat.service.keys.live },
      webhook_secret: webhooksOf(seat.engine).endpoints.defaultSecret('test'),
    });
  }

  async function remove(seat: MerchantSeat): Promise<Outcome<{ id: string; deleted: true }>> {
    if (seat === first) {
      return failure('conflict', 'The server’s first merchant cannot be removed; reset it instead.');
    }
    if (!seats.delete(seat.merchant.id)) return ok({ id: seat.merchant.id, deleted: true });
    for (const [authorization, owner] of byAuthorization) {
      if (owner === seat) byAuthorization.delete(authorization);
    }
    await storage?.removed(seat.merchant);
    return ok({ id: seat.merchant.id, deleted: true });
  }

  const first = open(
    { id: createId('mer_', cryptoRandom), name: starts.first.merchantName ?? 'Default merchant' },
    starts.first,
  );

  /** The merchant whose key this is; the first merchant (which answers `401`) when none knows it. */
  const seatOfKey = (authorization: string | null): MerchantSeat => {
    if (authorization === null || seats.size === 1) return first;
    const known = byAuthorization.get(authorization);
    if (known !== undefined) return known;
    const presented = BEARER.exec(authorization.trim())?.[1];
    const parsed = presented === undefined ? undefined : parseApiKey(presented);
    if (parsed === undefined || !parsed.ok) return first;
    for (const seat of seats.values()) {
      if (seat.engine.keys.knows(parsed.value.tokenId)) {
        byAuthorization.set(authorization, seat);
        return seat;
      }
    }
    return first;
  };

  /** The merchant of a hosted page (by the object in its path) or of the dashboard (as chosen there). */
  const seatOfPage = (request: Request, url: URL): MerchantSeat => {
    const chosen = dashboardMerchantOf(url, request.headers.get('cookie'));
    if (chosen !== undefined) return seats.get(chosen) ?? first;
    const object = objectIdOfPage(url.pathname);
    if (object === undefined) return first;
    for (const seat of seats.values()) {
      const { modes } = seat.engine.store;
      const owns = (['test', 'live'] as const).some((mode) =>
        object.kind === 'checkout'
          ? modes[mode].checkouts.has(object.id)
          : modes[mode].paymentLinks.has(object.id),
      );
      if (owns) return seat;
    }
    return first;
  };

  const pipeline: PipelineCore = (request) =>
    seatOfKey(request.header('authorization')).core.pipeline(request);

  return {
    first,
    async handle(request) {
      const url = new URL(request.url);
      if (stripPrefix(url.pathname) !== undefined) {
        return seatOfKey(request.headers.get('authorization')).service.handle(request);
      }
      const seat = seatOfPage(request, url);
      const response = await seat.service.handle(request);
      // The switcher's link leaves a cookie, so the dashboard's own links and forms stay on that merchant.
      const switched = url.searchParams.get('merchant');
      if (switched === null || switched !== seat.merchant.id || !isDashboard(url)) return response;
      const headers = new Headers(response.headers);
      headers.append(
        'set-cookie',
        `${DASHBOARD_MERCHANT_COOKIE}=${seat.merchant.id}; Path=/dashboard; HttpOnly; SameSite=Strict`,
      );
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
    core: {
      pipeline,
      owns: first.core.owns,
      refuse: first.core.refuse,
      settle: async () => {
        for (const seat of seats.values()) {
          const refused = await seat.core.settle();
          if (refused !== undefined) return refused;
        }
        return undefined;
      },
    },
    list: () => [...seats.values()],
    seat: (id) => seats.get(id),
    restore: (merchant, options) => open(merchant, { ...newcomerOptions(), ...options }),
    adoptFirst(merchant) {
      // The first stays first in the list (oldest first), whatever came after it.
      const after = [...seats.values()].filter((seat) => seat !== first);
      seats.clear();
      first.merchant = merchant;
      for (const seat of [first, ...after]) seats.set(seat.merchant.id, seat);
    },
    keepIn(given) {
      storage = given;
    },
  };
}
