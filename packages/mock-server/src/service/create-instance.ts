import { type EligibilityDatabaseEntry, type Mode, ok, parseApiKey } from '@glm/domain';
import {
  type FaultRuleCreate,
  MOCK_SNAPSHOT_VERSION,
  type MockSnapshot,
  NO_FUTURE,
  type SnapshotLoaded,
  withChanges,
} from '@glm/domain/test-helpers';
import { parseDuration } from '../core/duration.ts';
import { createEligibilityService, type EligibilityService } from '../core/eligibility-database.ts';
import { createEngine, type Engine } from '../core/engine.ts';
import type { EventFilter } from '../core/events/event-log.ts';
import { createEventLog } from '../core/events/event-log.ts';
import { createKeyRegistry, type KeyRegistry } from '../core/keys/key-registry.ts';
import { resolveMaxObjects } from '../core/object-cap.ts';
import { type Outcome, refusal } from '../core/outcome.ts';
import { cryptoRandom, type RandomSource } from '../core/random-source.ts';
import { registerRehearsal } from '../core/rehearsal.ts';
import { createScheduler } from '../core/scheduler.ts';
import { createStore, type Store } from '../core/store/store.ts';
import { createVirtualClock, type VirtualClock } from '../core/virtual-clock.ts';
import { coverageCatalog } from '../http/coverage/coverage-catalog.ts';
import { createInstanceCoverage, type InstanceCoverage } from '../http/coverage/instance-coverage.ts';
import { createFaultRules, drawOf, type FaultRules } from '../http/faults/fault-rules.ts';
import { createInstanceFuture, type InstanceFuture } from '../http/future/instance-future.ts';
import { createIdempotencyStore, type IdempotencyStore } from '../http/idempotency/idempotency-store.ts';
import type { InstanceControls, MerchantControls } from '../http/instance-controls.ts';
import { type BareRequest, bareEntry } from '../http/journal/journal-entry.ts';
import { createRequestJournal, type RequestJournal } from '../http/journal/request-journal.ts';
import { stripPrefix } from '../http/path-prefixes.ts';
import { fetchEntry } from '../http/pipeline/fetch-entry.ts';
import { createPipelineCore } from '../http/pipeline/pipeline-core.ts';
import type { PipelineCore } from '../http/pipeline/pipeline-request.ts';
import { createRefuse } from '../http/pipeline/reply.ts';
import { resolveRateLimits } from '../http/rate-limit/rate-limit-options.ts';
import { createSlidingWindowLimiter } from '../http/rate-limit/sliding-window.ts';
import { createRouter } from '../http/router.ts';
import { routes } from '../http/routes.ts';
import { type CallOperation, createCallOperation } from '../operations/call-operation.ts';
import { createWebhooks, type Webhooks } from '../operations/webhooks/webhooks.ts';
import { pageMethods, resolvePagesOptions, withPages } from '../pages/pages.ts';
import { initialKey, journalSizeOf, startFaults, toDate } from './instance-options.ts';
import type { MockService } from './mock-service.ts';
import type { MockServiceOptions, SeedData } from './mock-service-options.ts';
import { engineOf, registerApiCore, registerEngine } from './private-handles.ts';
import { applySeed } from './seed.ts';
import { createDurability, type Durability } from './snapshot/durability.ts';
import { unknownSnapshotVersion } from './snapshot/mock-snapshot.ts';
import { rehearsalSnapshot } from './snapshot/rehearsal-snapshot.ts';
import { rescheduleJobs } from './snapshot/reschedule-jobs.ts';
import {
  captureTables,
  clockStartOf,
  restoreTables,
  type ServiceParts,
  type Tables,
} from './snapshot/service-state.ts';
import { createCoverageApi } from './test-api/coverage.ts';
import { createFaultApi } from './test-api/faults.ts';
import { createRequestApi } from './test-api/requests.ts';
import { createTestApi } from './test-api/test-api.ts';
import { waitForEventIn } from './wait-for-event.ts';

/**
 * Creates one merchant's service instance: its own store, clock, keys, event log, webhooks,
 * idempotency records, rate limits, request journal and fault rules; nothing is global. `merchants`
 * answers the merchant test helpers (the host that holds the instance hands it over).
 */
export function createInstance(options: MockServiceOptions, merchants: MerchantControls): MockService {
  return new Instance(options, merchants).service;
}

/**
 * One instance's parts, built in the order the constructor reads: state, engine, modules, HTTP, the
 * first load, the service. The store, clock and eligibility database are replaced on a reset or a
 * snapshot load; every other part lives as long as the instance.
 */
class Instance {
  /** The service this instance answers as. */
  readonly service: MockService;
  readonly #options: MockServiceOptions;
  readonly #merchants: MerchantControls;
  readonly #random: RandomSource;
  readonly #durability: Durability;
  readonly #start: Date;
  #clock: VirtualClock;
  #store: Store;
  #eligibility: EligibilityService;
  readonly #events = createEventLog();
  readonly #scheduler = createScheduler();
  readonly #keys: KeyRegistry;
  readonly #engine: Engine;
  readonly #webhooks: Webhooks;
  readonly #call: CallOperation;
  readonly #limiter = createSlidingWindowLimiter();
  readonly #idempotency: IdempotencyStore;
  readonly #journal: RequestJournal;
  readonly #faults: FaultRules;
  readonly #initialFaults: readonly FaultRuleCreate[];
  readonly #coverage: InstanceCoverage;
  readonly #future: InstanceFuture;
  readonly #pipeline: PipelineCore;
  readonly #dashboardToken: string;
  readonly #defaultKeys: { readonly test: string; readonly live: string };
  readonly #seeds: SeedData[];
  readonly #initialEligibility: readonly EligibilityDatabaseEntry[];
  /** The ids of the seeds' entries by ref, as the last load (creation or reset) and seed() calls made them. */
  #seedRefs: Record<string, string | number> = {};

  constructor(options: MockServiceOptions, merchants: MerchantControls) {
    this.#options = options;
    this.#merchants = merchants;
    // State: what a reset or a snapshot replaces, then the engine over it.
    this.#random = options.random ?? cryptoRandom;
    this.#durability = createDurability(options);
    this.#start =
      this.#durability.start ?? (options.now === undefined ? new Date() : toDate(options.now, 'options.now'));
    this.#clock = this.#newClock();
    this.#store = createStore(this.#durability.observeStore);
    this.#eligibility = createEligibilityService();
    this.#keys = createKeyRegistry((key) => {
      const parsed = parseApiKey(key);
      return parsed.ok ? parsed.value : undefined;
    });
    this.#engine = this.#createEngine();
    // Modules over the engine.
    // Fault rules matching deliveries alter test-mode attempts (the rules are made below, before any delivery).
    this.#webhooks = createWebhooks(this.#engine, options.webhooks, (mode, target) =>
      mode === 'test' ? this.#faults.takeWebhook(target) : undefined,
    );
    this.#call = createCallOperation(this.#engine);
    // HTTP: idempotency, journal, fault rules, the pipeline and the hosted pages around it.
    this.#idempotency = createIdempotencyStore(this.#durability.observeIdempotency);
    this.#journal = createRequestJournal(journalSizeOf(options.journalSize));
    this.#faults = this.#createFaults();
    this.#initialFaults = startFaults(options.faults);
    this.#installFaults();
    this.#coverage = createInstanceCoverage({
      engine: this.#engine,
      deliveries: this.#webhooks.queue,
      catalog: () => coverageCatalog(routes),
      server: () => merchants.coverages(),
    });
    this.#future = createInstanceFuture({
      engine: this.#engine,
      deliveries: this.#webhooks.queue,
      initial: withChanges(NO_FUTURE, options.future ?? {}),
    });
    this.#pipeline = this.#durability.pipeline(this.#createPipeline());
    const pages = resolvePagesOptions(this.#durability.pagesOptions(options), () => this.#engine.token(32));
    this.#dashboardToken = pages.dashboardToken;
    const handle = this.#durability.handle(
      withPages(
        fetchEntry(this.#pipeline),
        {
          engine: this.#engine,
          call: this.#call,
          faults: this.#faults,
          journal: this.#journal,
          coverage: () => this.#coverage.read('merchant'),
          merchants,
          ...pages,
        },
        this.#recordBare,
      ),
    );
    // The first load: the default keys, the seeds, or the snapshot to start from.
    this.#defaultKeys = this.#durability.defaultKeys ?? {
      test: initialKey(options, 'test', this.#random),
      live: initialKey(options, 'live', this.#random),
    };
    this.#seeds = options.seed === undefined || this.#durability.restoring ? [] : [options.seed].flat();
    this.#initialEligibility = this.#eligibility.entries;
    this.#durability.attach(this.#engine, this.#webhooks, () => this.#parts());
    this.#durability.quietly(() => this.#load());
    if (!this.#durability.restoring) this.#durability.replaceAll(this.#parts());
    // The service, and the private handles the package's other modules reach it by.
    this.service = this.#createService(handle);
    this.#register();
  }

  #newClock(start: Date = this.#start): VirtualClock {
    return createVirtualClock(this.#options.clock ?? 'virtual', start);
  }

  #createEngine(): Engine {
    const options = this.#options;
    return createEngine({
      store: () => this.#store,
      eligibility: () => this.#eligibility,
      clock: () => this.#clock,
      events: this.#events,
      keys: this.#keys,
      scheduler: this.#scheduler,
      random: this.#random,
      baseUrl: (options.baseUrl ?? 'http://127.0.0.1').replace(/\/+$/, ''),
      maxObjects: resolveMaxObjects(options.maxObjects),
    });
  }

  #createFaults(): FaultRules {
    return createFaultRules({
      newId: () => this.#engine.newId('flt_'),
      nowIso: () => this.#engine.nowIso(),
      draw: drawOf(this.#random),
    });
  }

  /** Back to the fault rules given at creation. */
  #installFaults(): void {
    this.#faults.clear();
    for (const rule of this.#initialFaults) this.#faults.add(rule);
  }

  #createPipeline(): PipelineCore {
    const rateLimits = resolveRateLimits(this.#options.rateLimit);
    // The pipeline's test helpers that act on the whole instance call the service assembled last.
    const controls: InstanceControls = {
      merchants: this.#merchants,
      faults: this.#faults,
      journal: this.#journal,
      coverage: this.#coverage,
      future: this.#future,
      reset: () => {
        this.service.reset();
        return { reset: true, now: this.#engine.nowIso() };
      },
      snapshot: () => this.service.snapshot(),
      loadSnapshot: (snapshot) => this.#loadSnapshot(snapshot),
    };
    return createPipelineCore({
      engine: this.#engine,
      router: createRouter(routes, 'path'),
      limiter: this.#limiter,
      idempotency: this.#idempotency,
      journal: this.#journal,
      faults: this.#faults,
      controls,
      rateLimits: () => rateLimits,
      pageMethods,
    });
  }

  /** Journals a request answered outside the pipeline (hosted pages, transport refusals). */
  readonly #recordBare = (request: BareRequest): void =>
    this.#journal.record(bareEntry(request, this.#engine.clockNow().toISOString()));

  /** The parts a snapshot is taken from and restored into. */
  #parts(): ServiceParts {
    return {
      store: this.#store,
      events: this.#events,
      keys: this.#keys,
      idempotency: this.#idempotency,
      eligibility: this.#eligibility,
      clock: this.#clock,
      clockMode: this.#options.clock ?? 'virtual',
      webhooks: this.#webhooks,
      defaultKeys: this.#defaultKeys,
      dashboardToken: this.#dashboardToken,
      initialEligibility: this.#initialEligibility,
    };
  }

  /** Loads the starting state: the snapshot when restoring, the default keys, then the seeds. */
  #load(): void {
    const durability = this.#durability;
    if (durability.restoring) durability.restore(this.#parts(), this.#engine);
    // A snapshot without keys (another merchant's starting state) gets this instance's own.
    if (!durability.restoring || durability.defaultKeys === undefined) {
      for (const mode of ['test', 'live'] as const satisfies readonly Mode[])
        this.#keys.register(this.#defaultKeys[mode], `Default ${mode} key`, this.#engine.nowIso());
    }
    this.#seedRefs = {};
    for (const data of this.#seeds) Object.assign(this.#seedRefs, applySeed(this.#engine, data));
  }

  /** Empties the state (not keys, faults or the journal), with a new clock starting at `start`. */
  #clearState(start?: Date): void {
    this.#clock = this.#newClock(start);
    this.#store = createStore(this.#durability.observeStore);
    this.#eligibility = createEligibilityService();
    this.#events.clear();
    this.#scheduler.clear();
    this.#limiter.clear();
    this.#idempotency.clear();
    this.#webhooks.reset();
  }

  /** Runs `work` and puts the keys back: a suite's keys keep working through a reset or a snapshot load. */
  #keepingKeys(work: () => void): void {
    const kept = this.#keys.exportKeys();
    work();
    this.#keys.restoreKeys(kept);
  }

  #restoreFrom(tables: Tables): void {
    this.#keepingKeys(() => {
      this.#clearState(clockStartOf(tables));
      this.#durability.quietly(() => {
        restoreTables(this.#parts(), tables);
        rescheduleJobs(this.#engine);
      });
    });
  }

  #loadSnapshot(snapshot: MockSnapshot): Outcome<SnapshotLoaded> {
    if (snapshot.version !== MOCK_SNAPSHOT_VERSION) {
      return refusal('validation_error', unknownSnapshotVersion(snapshot.version), { param: 'version' });
    }
    const before = captureTables(this.#parts());
    try {
      this.#restoreFrom(snapshot.tables as Tables);
    } catch (error) {
      this.#restoreFrom(before);
      const why = error instanceof Error ? error.message : String(error);
      return refusal('validation_error', `The snapshot's rows could not be loaded: ${why}`, {
        param: 'tables',
      });
    }
    this.#durability.replaceAll(this.#parts());
    return ok({ loaded: true, taken_at: snapshot.taken_at, now: this.#engine.nowIso() });
  }

  #reset(): void {
    this.#keepingKeys(() => {
      this.#clearState();
      this.#journal.clear();
      this.#installFaults();
      this.#future.reset();
      this.#durability.quietly(() => this.#load());
    });
    this.#durability.replaceAll(this.#parts());
  }

  #seed(data: SeedData): Record<string, string | number> {
    // Rehearsed: a seed the store refuses creates nothing in a service that is already running.
    const refs = applySeed(this.#engine, data, true);
    this.#seeds.push(data);
    Object.assign(this.#seedRefs, refs);
    return refs;
  }

  #createService(handle: MockService['handle']): MockService {
    const engine = this.#engine;
    const events = this.#events;
    return {
      handle,
      keys: this.#defaultKeys,
      dashboardToken: this.#dashboardToken,
      clock: {
        now: () => engine.clockNow(),
        advance(by) {
          const ms = parseDuration(by);
          if (ms === undefined) throw new RangeError(`Cannot read ${JSON.stringify(by)} as a duration.`);
          engine.advance(ms);
        },
        set: (date) => engine.advanceTo(toDate(date, 'The clock time')),
      },
      reset: () => this.#reset(),
      faults: createFaultApi(this.#faults),
      seed: (data) => this.#seed(data),
      seedRefs: () => ({ ...this.#seedRefs }),
      // The log holds what the service emitted for each type, so a filter by a known type answers that event type.
      events: ((filter?: EventFilter) => events.list(filter)) as MockService['events'],
      waitForEvent: waitForEventIn(events),
      onEvent: (listener) => events.subscribe(listener),
      snapshot: () => this.#durability.snapshot(this.#parts(), engine.nowIso()),
      ...createRequestApi(this.#journal),
      ...createCoverageApi(this.#coverage),
      ...createTestApi(engine, this.#call),
    };
  }

  /** Registers the service's engine, its rehearsal and its API pipeline for the modules that reach them. */
  #register(): void {
    const { service } = this;
    const engine = this.#engine;
    registerEngine(service, engine);
    registerRehearsal(engine, (run) => run(engineOf(this.#rehearsalCopy())));
    // Hosted pages and assets never live under the version prefixes, so those paths go straight to the API.
    registerApiCore(service, {
      pipeline: this.#pipeline,
      owns: (pathname) => stripPrefix(pathname) !== undefined,
      refuse: createRefuse({ requestId: () => engine.requestId(), record: this.#recordBare }),
      settle: () => this.#durability.flush(),
    });
  }

  /**
   * A service restored from this one's snapshot, for a rehearsal: same objects, clock, jobs and cap,
   * its own random source (the caller's seeded one keeps its sequence), and deliveries that go nowhere.
   */
  #rehearsalCopy(): MockService {
    const options = this.#options;
    return createInstance(
      {
        snapshot: rehearsalSnapshot(this.#parts(), this.#engine.nowIso()),
        ...(options.clock === undefined ? {} : { clock: options.clock }),
        ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
        ...(options.maxObjects === undefined ? {} : { maxObjects: options.maxObjects }),
        rateLimit: false,
        webhooks: { fetch: async () => new Response(null, { status: 204 }) },
      },
      this.#merchants,
    );
  }
}
