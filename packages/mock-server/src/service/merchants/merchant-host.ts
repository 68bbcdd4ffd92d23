import { createId, ok, parseApiKey } from '@glm/domain';
import type { Merchant, MerchantWithKeys } from '@glm/domain/test-helpers';
import { type Outcome, refusal } from '../../core/outcome.ts';
import { cryptoRandom } from '../../core/random-source.ts';
import { coverageOf } from '../../http/coverage/instance-coverage.ts';
import type { MerchantControls } from '../../http/instance-controls.ts';
import { stripPrefix } from '../../http/path-prefixes.ts';
import type { PipelineCore } from '../../http/pipeline/pipeline-request.ts';
import { webhooksOf } from '../../operations/webhooks/webhooks.ts';
import type { ApiCore } from '../api-core.ts';
import { createInstance } from '../create-instance.ts';
import type { MockServiceOptions } from '../mock-service-options.ts';
import { apiCoreOf, engineOf } from '../private-handles.ts';
import { resolveMaxMerchants } from './max-merchants.ts';
import type { MerchantHost, MerchantSeat, MerchantStarts, MerchantStorage } from './merchant-seat.ts';
import { DASHBOARD_MERCHANT_COOKIE, dashboardMerchantOf, isDashboard, objectIdOfPage } from './page-owner.ts';

const BEARER = /^Bearer ([^\s]+)$/;

/** Builds the host and its first merchant from `starts`. */
export function createMerchantHost(starts: MerchantStarts): MerchantHost {
  return new Merchants(starts);
}

/** A merchant's identity before its instance is open: `created_at` defaults to its clock's start. */
type Identity = Omit<Merchant, 'created_at'> & { created_at?: string };

/**
 * The merchants of one server: the seats by id, the merchant of each `Authorization` value seen, and
 * the limit. The first merchant is opened by the constructor; the others by `POST
 * /v2/test_helpers/merchants` (through each instance's {@link MerchantControls}) or by a restart.
 */
class Merchants implements MerchantHost {
  readonly first: MerchantSeat;
  readonly core: ApiCore;
  readonly #starts: MerchantStarts;
  readonly #max: number;
  readonly #seats = new Map<string, MerchantSeat>();
  // The merchant of each `Authorization` value seen that one of them knows.
  readonly #byAuthorization = new Map<string, MerchantSeat>();
  #made = 0;
  // Merchants whose storage is being opened: they count against the limit already.
  #opening = 0;
  #storage: MerchantStorage | undefined;

  constructor(starts: MerchantStarts) {
    this.#starts = starts;
    this.#max = resolveMaxMerchants(starts.first.maxMerchants);
    this.first = this.#open(
      { id: createId('mer_', cryptoRandom), name: starts.first.merchantName ?? 'Default merchant' },
      starts.first,
    );
    this.core = this.#createCore();
  }

  /** Answers any request (fetch standard): an API request by its key's merchant, a page by its object's. */
  readonly handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (stripPrefix(url.pathname) !== undefined) {
      return this.#seatOfKey(request.headers.get('authorization')).service.handle(request);
    }
    const seat = this.#seatOfPage(request, url);
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
  };

  list(): MerchantSeat[] {
    return [...this.#seats.values()];
  }

  seat(id: string): MerchantSeat | undefined {
    return this.#seats.get(id);
  }

  restore(merchant: Merchant, options: Pick<MockServiceOptions, 'journal' | 'snapshot'>): MerchantSeat {
    return this.#open(merchant, { ...this.#newcomerOptions(), ...options });
  }

  adoptFirst(merchant: Merchant): void {
    // The first stays first in the list (oldest first), whatever came after it.
    const { first } = this;
    const after = [...this.#seats.values()].filter((seat) => seat !== first);
    this.#seats.clear();
    first.merchant = merchant;
    for (const seat of [first, ...after]) this.#seats.set(seat.merchant.id, seat);
  }

  keepIn(storage: MerchantStorage): void {
    this.#storage = storage;
  }

  /** The API pipeline in front of every merchant's: each request goes to its key's merchant. */
  #createCore(): ApiCore {
    const { first } = this;
    const pipeline: PipelineCore = (request) =>
      this.#seatOfKey(request.header('authorization')).core.pipeline(request);
    return {
      pipeline,
      owns: first.core.owns,
      refuse: first.core.refuse,
      settle: async () => {
        for (const seat of this.#seats.values()) {
          const refused = await seat.core.settle();
          if (refused !== undefined) return refused;
        }
        return undefined;
      },
    };
  }

  /** Opens a merchant's instance, with the merchant test helpers answered for it, and seats it. */
  #open(identity: Identity, options: MockServiceOptions): MerchantSeat {
    let seat: MerchantSeat | undefined;
    const self = (): MerchantSeat => {
      if (seat === undefined) throw new TypeError('The merchant is not open yet.');
      return seat;
    };
    const controls: MerchantControls = {
      create: (input) => this.#create(input.name),
      current: () => self().merchant,
      list: () => [...this.#seats.values()].map((each) => each.merchant),
      coverages: () => [...this.#seats.values()].map((each) => coverageOf(each.engine).counters),
      deleteCurrent: () => this.#remove(self()),
    };
    const service = createInstance(options, controls);
    const engine = engineOf(service);
    const core = apiCoreOf(service);
    if (core === undefined) throw new TypeError('An instance without its API pipeline.');
    const merchant = { ...identity, created_at: identity.created_at ?? engine.nowIso() };
    seat = { merchant, service, engine, core };
    this.#seats.set(merchant.id, seat);
    this.#made += 1;
    return seat;
  }

  #newcomerOptions(): MockServiceOptions {
    return { ...this.#starts.newcomer, dashboardToken: this.first.service.dashboardToken };
  }

  async #create(name: string | undefined): Promise<Outcome<MerchantWithKeys>> {
    const seats = this.#seats;
    if (seats.size + this.#opening >= this.#max) {
      return refusal(
        'storage_full',
        `This server holds ${seats.size} merchants, its limit: remove one (DELETE /v2/test_helpers/merchants/current with its key) or start the server with a higher --max-merchants (maxMerchants).`,
      );
    }
    const identity = {
      id: createId('mer_', cryptoRandom),
      name: name ?? `Merchant ${this.#made + this.#opening + 1}`,
      // When its own clock starts: the server's start time, or now.
      created_at: new Date(this.#starts.newcomer.now ?? Date.now()).toISOString(),
    };
    let kept: Pick<MockServiceOptions, 'journal'> = {};
    const storage = this.#storage;
    if (storage !== undefined) {
      this.#opening += 1;
      try {
        kept = await storage.open(identity);
      } catch (error) {
        return refusal('service_unavailable', `The new merchant could not be kept on disk: ${String(error)}`);
      } finally {
        this.#opening -= 1;
      }
    }
    const seat = this.#open(identity, { ...this.#newcomerOptions(), ...kept });
    // Its keys are answered only once its state is on disk, so a crash right after cannot lose them.
    const refused = await seat.core.settle();
    if (refused !== undefined) {
      await this.#remove(seat);
      return refused;
    }
    return ok({
      ...seat.merchant,
      keys: { test: seat.service.keys.test, live: seat.service.keys.live },
      webhook_secret: webhooksOf(seat.engine).endpoints.defaultSecret('test'),
    });
  }

  async #remove(seat: MerchantSeat): Promise<Outcome<{ id: string; deleted: true }>> {
    if (seat === this.first) {
      return refusal('conflict', 'The server’s first merchant cannot be removed; reset it instead.');
    }
    if (!this.#seats.delete(seat.merchant.id)) return ok({ id: seat.merchant.id, deleted: true });
    for (const [authorization, owner] of this.#byAuthorization) {
      if (owner === seat) this.#byAuthorization.delete(authorization);
    }
    await this.#storage?.removed(seat.merchant);
    return ok({ id: seat.merchant.id, deleted: true });
  }

  /** The merchant whose key this is; the first merchant (which answers `401`) when none knows it. */
  #seatOfKey(authorization: string | null): MerchantSeat {
    const { first } = this;
    if (authorization === null || this.#seats.size === 1) return first;
    const known = this.#byAuthorization.get(authorization);
    if (known !== undefined) return known;
    const presented = BEARER.exec(authorization.trim())?.[1];
    const parsed = presented === undefined ? undefined : parseApiKey(presented);
    if (parsed === undefined || !parsed.ok) return first;
    for (const seat of this.#seats.values()) {
      if (seat.engine.keys.knows(parsed.value.tokenId)) {
        this.#byAuthorization.set(authorization, seat);
        return seat;
      }
    }
    return first;
  }

  /** The merchant of a hosted page (by the object in its path) or of the dashboard (as chosen there). */
  #seatOfPage(request: Request, url: URL): MerchantSeat {
    const { first } = this;
    const chosen = dashboardMerchantOf(url, request.headers.get('cookie'));
    if (chosen !== undefined) return this.#seats.get(chosen) ?? first;
    const object = objectIdOfPage(url.pathname);
    if (object === undefined) return first;
    for (const seat of this.#seats.values()) {
      const { modes } = seat.engine.store;
      const owns = (['test', 'live'] as const).some((mode) =>
        object.kind === 'checkout'
          ? modes[mode].checkouts.has(object.id)
          : modes[mode].paymentLinks.has(object.id),
      );
      if (owns) return seat;
    }
    return first;
  }
}
