import { generateApiKey, type Mode, ok, parseApiKey } from '@glm/domain';
import {
  FaultRuleCreate,
  MOCK_SNAPSHOT_VERSION,
  type MockSnapshot,
  NO_FUTURE,
  type SnapshotLoaded,
  withChanges,
} from '@glm/domain/test-helpers';
import { parseDuration } from '../core/duration.ts';
import { createEligibilityService } from '../core/eligibility-database.ts';
import { createEngine } from '../core/engine.ts';
import type { EventFilter, ServiceEvent } from '../core/events/event-log.ts';
import { createEventLog } from '../core/events/event-log.ts';
import { createKeyRegistry } from '../core/keys/key-registry.ts';
import { resolveMaxObjects } from '../core/object-cap.ts';
import { failure, type Outcome } from '../core/outcome.ts';
import { cryptoRandom } from '../core/random-source.ts';
import { registerRehearsal } from '../core/rehearsal.ts';
import { createScheduler } from '../core/scheduler.ts';
import { createStore } from '../core/store/store.ts';
import { createVirtualClock } from '../core/virtual-clock.ts';
import { coverageCatalog } from '../http/coverage/coverage-catalog.ts';
import { createInstanceCoverage } from '../http/coverage/instance-coverage.ts';
import { createFaultRules, drawOf } from '../http/faults/fault-rules.ts';
import { createInstanceFuture } from '../http/future/instance-future.ts';
import { createIdempotencyStore } from '../http/idempotency/idempotency-store.ts';
import type { InstanceControls, MerchantControls } from '../http/instance-controls.ts';
import { type BareRequest, bareEntry } from '../http/journal/journal-entry.ts';
import { createRequestJournal, DEFAULT_JOURNAL_SIZE } from '../http/journal/request-journal.ts';
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
import { engineOf, registerEngine } from './internals.ts';
import type { MockService, WaitForEventOptions } from './mock-service.ts';
import type { MockServiceOptions, SeedData } from './mock-service-options.ts';
import { applySeed } from './seed.ts';
import { createDurability } from './snapshot/durability.ts';
import { unknownSnapshotVersion } from './snapshot/mock-snapshot.ts';
import { rehearsalSnapshot } from './snapshot/rehearsal-snapshot.ts';
import { rescheduleJobs } from './snapshot/reschedule-jobs.ts';
import { captureTables, clockStartOf, restoreTables, type Tables } from './snapshot/service-state.ts';
import { createCoverageApi } from './test-api/coverage.ts';
import { createFaultApi } from './test-api/faults.ts';
import { createRequestApi } from './test-api/requests.ts';
import { createTestApi } from './test-api/test-api.ts';

/** The fault rules given at creation, checked: a malformed one throws naming it. */
function startFaults(given: MockServiceOptions['faults']): FaultRuleCreate[] {
  return (given ?? []).map((rule, index) => {
    const parsed = FaultRuleCreate.safeParse(rule);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw new TypeError(`options.faults[${index}]${field === '' ? '' : `.${field}`}: ${issue?.message}.`);
  });
}

/** The journal size option, checked. */
function journalSizeOf(size: number | undefined): number {
  if (size === undefined) return DEFAULT_JOURNAL_SIZE;
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new TypeError('options.journalSize must be a whole number of entries, 0 or more.');
  }
  return size;
}

const toDate = (value: Date | string, what: string): Date => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new TypeError(`${what} is not a valid date.`);
  return date;
};

/**
 * Creates one merchant's service instance: its own store, clock, keys, event log, webhooks,
 * idempotency records, rate limits, request journal and fault rules; nothing is global. `merchants`
 * answers the merchant test helpers (the host that holds the instance hands it over).
 */
export function createInstance(options: MockServiceOptions, merchants: MerchantControls): MockService {
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
  const journal = createRequestJournal(journalSizeOf(options.journalSize));
  const recordBare = (request: BareRequest): void =>
    journal.record(bareEntry(request, engine.clockNow().toISOString()));
  const faults = createFaultRules({
    newId: () => engine.newId('flt_'),
    nowIso: () => engine.nowIso(),
    draw: drawOf(random),
  });
  const initialFaults = startFaults(options.faults);
  const installFaults = (): void => {
    faults.clear();
    for (const rule of initialFaults) faults.add(rule);
  };
  installFaults();
  const rateLimits = resolveRateLimits(options.rateLimit);
  const coverage = createInstanceCoverage({
    engine,
    deliveries: webhooks.queue,
    catalog: () => coverageCatalog(routes),
    server: () => merchants.coverages(),
  });
  const future = createInstanceFuture({
    engine,
    deliveries: webhooks.queue,
    initial: withChanges(NO_FUTURE, options.future ?? {}),
  });
  // The pipeline's test helpers that act on the whole instance call the service assembled below.
  const controls: InstanceControls = {
    merchants,
    faults,
    journal,
    coverage,
    future,
    reset: () => {
      service.reset();
      return { reset: true, now: engine.nowIso() };
    },
    snapshot: () => service.snapshot(),
    loadSnapshot: (snapshot) => loadSnapshot(snapshot),
  };
  const pipeline = createPipelineCore({
    engine,
    router,
    limiter,
    idempotency,
    journal,
    faults,
    controls,
    rateLimits: () => rateLimits,
    pageMethods,
  });
  const durablePipeline = durability.pipeline(pipeline);
  const api = fetchEntry(durablePipeline);
  const pages = resolvePagesOptions(durability.pagesOptions(options), () => engine.token(32));
  const handle = durability.handle(
    withPages(
      api,
      { engine, call, faults, journal, coverage: () => coverage.read('merchant'), merchants, ...pages },
      recordBare,
    ),
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
  const seeds: SeedData[] = options.seed === undefined || durability.restoring ? [] : [options.seed].flat();
  // The ids of the seeds' entries by ref, as the last load (creation or reset) and seed() calls made them.
  let seedRefs: Record<string, string | number> = {};
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
    // A snapshot without keys (another merchant's starting state) gets this instance's own.
    if (!durability.restoring || durability.defaultKeys === undefined) {
      for (const mode of ['test', 'live'] as const)
        keys.register(defaultKeys[mode], `Default ${mode} key`, engine.nowIso());
    }
    seedRefs = {};
    for (const data of seeds) Object.assign(seedRefs, applySeed(engine, data));
  };
  durability.attach(engine, webhooks, parts);
  durability.quietly(load);
  if (!durability.restoring) durability.replaceAll(parts());

  /** Empties the state (not keys, faults or the journal), with a new clock starting at `start`. */
  const clearState = (start?: Date): void => {
    clock = start === undefined ? newClock() : createVirtualClock(options.clock ?? 'virtual', start);
    store = createStore(durability.observeStore);
    eligibility = createEligibilityService();
    events.clear();
    scheduler.clear();
    limiter.clear();
    idempotency.clear();
    webhooks.reset();
  };
  // Keys are not state a reset or a snapshot takes away: a suite's keys keep working through both.
  const keepingKeys = (work: () => void): void => {
    const kept = keys.exportKeys();
    work();
    keys.restoreKeys(kept);
  };
  const restoreFrom = (tables: Tables): void =>
    keepingKeys(() => {
      clearState(clockStartOf(tables));
      durability.quietly(() => {
        restoreTables(parts(), tables);
        rescheduleJobs(engine);
      });
    });
  function loadSnapshot(snapshot: MockSnapshot): Outcome<SnapshotLoaded> {
    if (snapshot.version !== MOCK_SNAPSHOT_VERSION) {
      return failure('validation_error', unknownSnapshotVersion(snapshot.version), { param: 'version' });
    }
    const before = captureTables(parts());
    try {
      restoreFrom(snapshot.tables as Tables);
    } catch (error) {
      restoreFrom(before);
      const why = error instanceof Error ? error.message : String(error);
      return failure('validation_error', `The snapshot's rows could not be loaded: ${why}`, {
        param: 'tables',
      });
    }
    durability.replaceAll(parts());
    return ok({ loaded: true, taken_at: snapshot.taken_at, now: engine.nowIso() });
  }

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
      keepingKeys(() => {
        clearState();
        journal.clear();
        installFaults();
        future.reset();
        durability.quietly(load);
      });
      durability.replaceAll(parts());
    },
    faults: createFaultApi(faults),
    seed(data) {
      // Rehearsed: a seed the store refuses creates nothing in a service that is already running.
      const refs = applySeed(engine, data, true);
      seeds.push(data);
      Object.assign(seedRefs, refs);
      return refs;
    },
    seedRefs: () => ({ ...seedRefs }),
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
    ...createRequestApi(journal),
    ...createCoverageApi(coverage),
    ...createTestApi(engine, call),
  };
  registerEngine(service, engine);
  // A rehearsal runs on a service restored from this one's snapshot: same objects, clock, jobs and
  // cap, its own random source (the caller's seeded one keeps its sequence), and deliveries that go
  // nowhere.
  registerRehearsal(engine, (run) => {
    const scratch = createInstance(
      {
        snapshot: rehearsalSnapshot(parts(), engine.nowIso()),
        ...(options.clock === undefined ? {} : { clock: options.clock }),
        ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
        ...(options.maxObjects === undefined ? {} : { maxObjects: options.maxObjects }),
        rateLimit: false,
        webhooks: { fetch: async () => new Response(null, { status: 204 }) },
      },
      merchants,
    );
    return run(engineOf(scratch));
  });
  // Hosted pages and assets never live under the version prefixes, so those paths go straight to the API.
  registerApiCore(service, {
    pipeline: durablePipeline,
    owns: (pathname) => stripPrefix(pathname) !== undefined,
    refuse: createRefuse({ requestId: () => engine.requestId(), record: recordBare }),
    settle: () => durability.flush(),
  });
  return service;
}
