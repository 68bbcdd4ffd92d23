import { generateApiKey, type Mode, parseApiKey } from '@glm/domain';
import { parseDuration } from '../core/duration.ts';
import { createEligibilityService } from '../core/eligibility-database.ts';
import { createEngine } from '../core/engine.ts';
import type { EventFilter, ServiceEvent } from '../core/events/event-log.ts';
import { createEventLog } from '../core/events/event-log.ts';
import { createKeyRegistry } from '../core/keys/key-registry.ts';
import { resolveMaxObjects } from '../core/object-cap.ts';
import { cryptoRandom } from '../core/random-source.ts';
import { createScheduler } from '../core/scheduler.ts';
import { createStore } from '../core/store/store.ts';
import { createVirtualClock } from '../core/virtual-clock.ts';
import { createIdempotencyStore } from '../http/idempotency/idempotency-store.ts';
import { createRequestJournal } from '../http/journal/request-journal.ts';
import { stripPrefix } from '../http/path-prefixes.ts';
import { createPipelineCore, createRefuse, fetchEntry } from '../http/pipeline.ts';
import { resolveRateLimits } from '../http/rate-limit/rate-limit-options.ts';
import { createSlidingWindowLimiter } from '../http/rate-limit/sliding-window.ts';
import { createRouter } from '../http/router.ts';
import { routes } from '../http/routes.ts';
import { createCallOperation } from '../operations/call-operation.ts';
import { createWebhooks } from '../operations/webhooks/webhooks.ts';
import { pageMethods, resolvePagesOptions, withPages } from '../pages/pages.ts';
import { registerApiCore } from './api-core.ts';
import { registerEngine } from './internals.ts';
import type { MockService, WaitForEventOptions } from './mock-service.ts';
import type { MockServiceOptions, SeedData } from './mock-service-options.ts';
import { applySeed } from './seed.ts';
import { createDurability } from './snapshot/durability.ts';
import { createTestApi } from './test-api/test-api.ts';

const toDate = (value: Date | string, what: string): Date => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new TypeError(`${what} is not a valid date.`);
  return date;
};

/**
 * Creates a stateful in-memory reference server of the whole API. One instance holds its own store,
 * clock, keys, event log and limits; nothing is global.
 *
 * @example
 * const mock = createMockService({ now: '2025-01-01T00:00:00Z', seed: { products } });
 * const response = await mock.handle(new Request('http://127.0.0.1/api/v2/products', {
 *   headers: { authorization: `Bearer ${mock.keys.test}` },
 * }));
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const random = options.random ?? cryptoRandom;
  const durability = createDurability(options);
  const start =
    durability.start ?? (options.now === undefined ? new Date() : toDate(options.now, 'options.now'));
  const newClock = () => createVirtualClock(options.clock ?? 'virtual', start);
  let clock = newClock();
  let store = createStore(durability.observeStore);
  let eligibility = createEligibilityService();
  const events = createEventLog();
  const scheduler = createScheduler();
  const keys = createKeyRegistry((key) => {
    const parsed = parseApiKey(key);
    return parsed.ok ? parsed.value : undefined;
  });
  const engine = createEngine({
    store: () => store,
    eligibility: () => eligibility,
    clock: () => clock,
    events,
    keys,
    scheduler,
    random,
    baseUrl: (options.baseUrl ?? 'http://127.0.0.1').replace(/\/+$/, ''),
    maxObjects: resolveMaxObjects(options.maxObjects),
  });
  const webhooks = createWebhooks(engine, options.webhooks);
  const router = createRouter(routes, 'path');
  const call = createCallOperation(engine);
  const limiter = createSlidingWindowLimiter();
  const idempotency = createIdempotencyStore(durability.observeIdempotency);
  const journal = createRequestJournal();
  const rateLimits = resolveRateLimits(options.rateLimit);
  const pipeline = createPipelineCore({
    engine,
    router,
    limiter,
    idempotency,
    journal,
    rateLimits: () => rateLimits,
    pageMethods,
  });
  const durablePipeline = durability.pipeline(pipeline);
  const api = fetchEntry(durablePipeline);
  const pages = resolvePagesOptions(durability.pagesOptions(options), () => engine.token(32));
  const handle = durability.handle(
    withPages(api, { engine, call, ...pages }, (entry) => journal.record(entry)),
  );

  const initialKey = (mode: Mode): string => {
    const given = options.keys?.[mode];
    const parsed = given === undefined ? undefined : parseApiKey(given);
    if (parsed !== undefined && (!parsed.ok || parsed.value.mode !== mode)) {
      throw new TypeError(`options.keys.${mode} is not a well-formed ${mode} key (glm_${mode}_<16>.<32>).`);
    }
    return given ?? generateApiKey(mode, random).key;
  };
  const defaultKeys = durability.defaultKeys ?? { test: initialKey('test'), live: initialKey('live') };
  const seeds: SeedData[] = options.seed === undefined || durability.restoring ? [] : [options.seed];
  const initialEligibility = eligibility.entries;
  const parts = () => ({
    store,
    events,
    keys,
    idempotency,
    eligibility,
    clock,
    clockMode: options.clock ?? 'virtual',
    webhooks,
    defaultKeys,
    dashboardToken: pages.dashboardToken,
    initialEligibility,
  });

  const load = (): void => {
    if (durability.restoring) durability.restore(parts(), engine);
    else {
      for (const mode of ['test', 'live'] as const)
        keys.register(defaultKeys[mode], `Default ${mode} key`, engine.nowIso());
    }
    for (const data of seeds) applySeed(engine, data);
  };
  durability.attach(engine, webhooks, parts);
  durability.quietly(load);
  if (!durability.restoring) durability.replaceAll(parts());

  const service: MockService = {
    handle,
    keys: defaultKeys,
    dashboardToken: pages.dashboardToken,
    clock: {
      now: () => engine.clockNow(),
      advance(by) {
        const ms = parseDuration(by);
        if (ms === undefined) throw new RangeError(`Cannot read ${JSON.stringify(by)} as a duration.`);
        engine.advance(ms);
      },
      set: (date) => engine.advanceTo(toDate(date, 'The clock time')),
    },
    reset() {
      clock = newClock();
      store = createStore(durability.observeStore);
      eligibility = createEligibilityService();
      events.clear();
      scheduler.clear();
      keys.clear();
      limiter.clear();
      idempotency.clear();
      journal.clear();
      webhooks.reset();
      durability.quietly(load);
      durability.replaceAll(parts());
    },
    seed(data) {
      applySeed(engine, data);
      seeds.push(data);
    },
    // The log holds what the service emitted for each type, so a filter by a known type answers that event type.
    events: ((filter?: EventFilter) => events.list(filter)) as MockService['events'],
    waitForEvent: ((
      type: string,
      predicate: (event: ServiceEvent) => boolean = () => true,
      { timeoutMs = 5000, mode = 'test' }: WaitForEventOptions = {},
    ): Promise<ServiceEvent> => {
      const matches = (event: ServiceEvent): boolean => event.type === type && predicate(event);
      const existing = events.list({ mode, type }).find(matches);
      if (existing !== undefined) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          unsubscribe();
          reject(new Error(`No ${type} event within ${timeoutMs} ms.`));
        }, timeoutMs);
        const unsubscribe = events.subscribe((event, eventMode) => {
          if (eventMode !== mode || !matches(event)) return;
          clearTimeout(timer);
          unsubscribe();
          resolve(event);
        });
      });
    }) as MockService['waitForEvent'],
    onEvent: (listener) => events.subscribe(listener),
    snapshot: () => durability.snapshot(parts(), engine.nowIso()),
    requests: () => journal.entries(),
    ...createTestApi(engine, call),
  };
  registerEngine(service, engine);
  // Hosted pages and assets never live under the version prefixes, so those paths go straight to the API.
  registerApiCore(service, {
    pipeline: durablePipeline,
    owns: (pathname) => stripPrefix(pathname) !== undefined,
    refuse: createRefuse({
      requestId: () => engine.requestId(),
      record: (entry) => journal.record(entry),
      now: () => engine.clockNow(),
    }),
  });
  return service;
}
