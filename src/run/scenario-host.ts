// Runs the scenarios it is given, one cucumber run each, through cucumber's public API only
// (@cucumber/cucumber/api): the support code is loaded once (loadSupport), then each scenario is a
// runCucumber of its `features/x.feature:line` with that library. The run's coordinator
// (coordinator.ts) decides which scenario runs where; a host runs it. In a sequential run the host is
// the run's own process; in a parallel run each worker process is one (worker-host.ts), running one
// scenario per worker slot at a time. A scenario reads its slot as its worker index
// (src/session/psu-pool.ts workerIndex), so each slot acts for its own PSU as a worker process would.
//
// Each scenario's messages reach the coordinator (the results, the progress) and the host's one Allure
// reporter, made once through cucumber's public formatter API (FormatterBuilder) and fed every run's
// messages: it writes its files itself (allure-writer.ts). A reporter per run would cost about 30 ms
// a scenario, and wraps the library's BeforeAll and AfterAll hooks again each time it is made.
import type {
  IRunOptions,
  IRunOptionsRuntime,
  ISourcesCoordinates,
  ISupportCodeCoordinates,
  ISupportCodeLibrary,
} from '@cucumber/cucumber/api';
import type { Formatter } from '@cucumber/cucumber';
import type { Envelope } from '@cucumber/messages';
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import { getGlobalTestRuntime, setGlobalTestRuntime } from 'allure-js-commons/sdk/runtime';
import { Writable } from 'node:stream';
import { allureFormatOptions } from '../report/allure-writer.ts';
import { endWorker, markHosted, setRunContext, type RunHandle } from '../session/run-context.ts';

/** What a host needs to load the step definitions (a worker process may get it before the rest of the setup). */
export interface SupportSetup {
  cwd: string;
  sources: ISourcesCoordinates;
  support: Partial<ISupportCodeCoordinates>;
}

/**
 * The step definitions at `s`, loaded once per process: ES modules are imported once, so a second load in the same
 * process (the mutation run; a worker process given them before its setup) reuses the library the first loaded, by
 * its coordinates.
 */
export async function loadSupportOnce(s: SupportSetup): Promise<ISupportCodeLibrary> {
  const key = JSON.stringify(s.support);
  let loading = loadedSupport.get(key);
  if (!loading) {
    loading = cucumberApi().then((api) => api.loadSupport({ sources: s.sources, support: s.support }, { cwd: s.cwd }));
    loadedSupport.set(key, loading);
    loading.catch(() => loadedSupport.delete(key));
  }
  return loading;
}

/** What a host needs to run scenarios: serialisable, sent once to a worker process. */
export interface HostSetup {
  cwd: string;
  sources: ISourcesCoordinates;
  support: Partial<ISupportCodeCoordinates>;
  runtime: IRunOptionsRuntime;
  /** The folder the Allure reporter writes each scenario's results to. */
  allureResults: string;
  /** The run's inputs, resolved once by the run (src/session/run-context.ts). */
  run: RunHandle;
}

/**
 * The messages the coordinator reads (results.ts, the progress): not the run's own, nor the step
 * definitions', nor the feature's document (a pickle carries its line; the document, sent with every
 * run, was most of what the worker processes sent).
 */
const FORWARDED = ['pickle', 'testCase', 'testCaseStarted', 'testStepFinished', 'testCaseFinished'];
/** A text attachment the results read (not applicable, not run) is short; evidence stays in the Allure files. */
const FORWARDED_TEXT = 4096;

function forwarded(e: Envelope): boolean {
  if (FORWARDED.some((k) => k in e)) return true;
  return e.attachment?.mediaType === 'text/plain' && e.attachment.body.length <= FORWARDED_TEXT;
}

/** What every run announces again, the same each time: the step definitions, hooks and parameter types. */
const SUPPORT_MESSAGES = ['meta', 'stepDefinition', 'hook', 'parameterType', 'undefinedParameterType'];

/** Where a worker process keeps the slot a scenario runs in (read by src/session/psu-pool.ts workerIndex). */
const SLOT = Symbol.for('xs2a-conformance.worker-slot');

/** The step definitions this process loaded (or is loading), by their coordinates: loadSupportOnce. */
const loadedSupport = new Map<string, Promise<ISupportCodeLibrary>>();

/** cucumber's API, loaded when a host first needs it (the command line's bundle holds this module). */
const cucumberApi = () => import('@cucumber/cucumber/api');

const discard = () => new Writable({ write: (_c, _e, done) => done() });

/** The cucumber runs in progress at most, in a host, for its Allure reporter to be fed (feedWhenQuiet). */
const QUIET_RUNS = 1;

export class ScenarioHost {
  private support?: ISupportCodeLibrary;
  private readonly slots: AsyncLocalStorage<number>;
  /** The messages of every run of this host, as the Allure reporter hears them. */
  private readonly broadcaster = new EventEmitter();
  private reporter?: Formatter;
  /** The reporter has heard the step definitions (every run announces them again). */
  private announced = false;
  /** The messages the reporter has yet to hear, in order, from `heard` on; and the cucumber runs in progress. */
  private backlog: Envelope[] = [];
  private heard = 0;
  private running = 0;
  private feeding = false;
  /**
   * Allure's test runtime before the hosts' runs: allure-cucumberjs makes its own the process's in a
   * BeforeAll hook; end() gives the process back what it had (a test runner's own, where the host is
   * the test's process).
   */
  private readonly allureRuntime = getGlobalTestRuntime();

  constructor(
    private readonly setup: HostSetup,
    private readonly onEnvelope: (slot: number, e: Envelope) => void,
  ) {
    const g = globalThis as { [SLOT]?: AsyncLocalStorage<number> };
    this.slots = g[SLOT] ??= new AsyncLocalStorage<number>();
  }

  /** Takes the run's inputs and loads the step definitions (once per process). */
  async load(): Promise<void> {
    markHosted();
    setRunContext(this.setup.run);
    const support = await loadSupportOnce(this.setup);
    // Each run would find the support files again from their coordinates (a glob over steps/ every
    // time): the library is loaded, so only the literal paths among them are named.
    const c = support.originalCoordinates;
    this.support = {
      ...support,
      originalCoordinates: { ...c, importPaths: c.importPaths.filter((p) => !/[*?[\]{}]/.test(p)) },
    };
    // Loaded here, not with the module: the command line's bundle holds this module, and would load
    // cucumber at every start.
    const { formatterHelpers, FormatterBuilder } = await import('@cucumber/cucumber');
    const { default: AllureReporter } = (await import('allure-cucumberjs/reporter')) as unknown as {
      default: typeof Formatter;
    };
    this.reporter = await FormatterBuilder.build(AllureReporter, {
      env: process.env,
      cwd: this.setup.cwd,
      eventBroadcaster: this.broadcaster,
      eventDataCollector: new formatterHelpers.EventDataCollector(this.broadcaster),
      log: () => undefined,
      parsedArgvOptions: allureFormatOptions(this.setup.allureResults),
      stream: discard(),
      cleanup: async () => undefined,
      supportCodeLibrary: support as Parameters<typeof FormatterBuilder.build>[1]['supportCodeLibrary'],
    });
  }

  /**
   * Runs the scenarios at `where` (`features/x.feature:line`, of one feature file) in worker slot `slot`, in one
   * cucumber run; how many test cases finished.
   */
  async run(slot: number, where: readonly string[]): Promise<number> {
    if (!this.support) throw new Error('the host has not loaded the step definitions');
    let finished = 0;
    const file = where[0].replace(/:\d+$/, '');
    const lines = where.map((w) => w.slice(file.length + 1));
    const configuration: IRunOptions = {
      sources: { ...this.setup.sources, paths: [`${file}:${lines.join(':')}`] },
      support: this.support,
      runtime: { ...this.setup.runtime, parallel: 0 },
      // The Allure reporter is the host's own (load); the run's own output goes nowhere.
      formats: { stdout: 'rerun', files: {}, publish: false, options: {} },
    };
    const { runCucumber } = await cucumberApi();
    // Cucumber announces every pickle of the feature file, the run's few among them: a pickle is passed
    // on with its test case only (the others were most of what the worker processes sent).
    const pickles = new Map<string, Envelope>();
    const pass = (e: Envelope): void => {
      // The reporter hears one run, the host's (end), and the step definitions once.
      if (!e.testRunStarted && !e.testRunFinished && !(this.announced && SUPPORT_MESSAGES.some((k) => k in e)))
        this.backlog.push(e);
      if (!forwarded(e)) return;
      this.onEnvelope(
        slot,
        e.testCaseStarted ? { testCaseStarted: { ...e.testCaseStarted, workerId: String(slot) } } : e,
      );
    };
    this.running++;
    try {
      await this.slots.run(slot, () =>
        runCucumber(configuration, { cwd: this.setup.cwd, stdout: discard(), env: process.env }, (e) => {
          if (e.pickle) return void pickles.set(e.pickle.id, e);
          if (e.testCaseFinished && !e.testCaseFinished.willBeRetried) finished++;
          const pickle = e.testCase && pickles.get(e.testCase.pickleId);
          if (pickle) {
            pickles.delete(e.testCase!.pickleId);
            pass(pickle);
          }
          pass(e);
        }),
      );
    } finally {
      this.running--;
    }
    this.announced = true;
    this.feedWhenQuiet();
    return finished;
  }

  /**
   * The Allure reporter hears the messages once this host runs at most one cucumber run: while many
   * run, the cores are the run's bottleneck, and the reporter's work (its files, about 0.7 s a worker
   * process in a full run) waits for the run's quiet tail (the clock-moving scenarios run one at a
   * time). It hears one message a turn of the event loop, so a running scenario's answers wait for one
   * message's work at most. Its times are the messages' own; end() gives it the rest.
   */
  private feedWhenQuiet(): void {
    if (this.feeding) return;
    this.feeding = true;
    const feed = () => {
      if (this.running > QUIET_RUNS || this.heard >= this.backlog.length) {
        this.feeding = false;
        return;
      }
      this.hear();
      setImmediate(feed);
    };
    setImmediate(feed);
  }

  /** The reporter hears the next message of the backlog (the backlog is let go once heard). */
  private hear(): void {
    this.broadcaster.emit('envelope', this.backlog[this.heard++]);
    if (this.heard === this.backlog.length) {
      this.backlog = [];
      this.heard = 0;
    }
  }

  /** After the host's last scenario: what the support code registered for the worker's end (its browser). */
  async end(): Promise<void> {
    await endWorker();
    setGlobalTestRuntime(this.allureRuntime);
    while (this.heard < this.backlog.length) this.hear();
    if (this.reporter) {
      this.broadcaster.emit('envelope', { testRunFinished: { success: true, timestamp: { seconds: 0, nanos: 0 } } });
      await this.reporter.finished();
    }
    setRunContext(undefined);
  }
}
