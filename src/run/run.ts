// `xs2a-conformance run`: resolve the target (the embedded reference bank when none is given),
// run the Gherkin scenarios with cucumber-js, decide the verdict, write the reports.
import type { IRunConfiguration, ISourcesCoordinates } from '@cucumber/cucumber/api';
import { fileOf, pinScenarios, Schedule, type PlannedScenario } from './schedule.ts';
import { ALONE_TAG, CLOCK_TAG, CORPORATE_TAG } from '../suite/tags.ts';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { findChromium } from '../session/sca/browser-driver.ts';
import { fileURLToPath } from 'node:url';
import { toJUnit } from '../report/junit.ts';
import {
  completeProfile,
  loadProfile,
  referenceBrowserSteps,
  transportOf,
  withScaDriver,
  type Profile,
} from '../session/profile.ts';
import { finishAllureFolder, generateAllureReport } from '../report/report.ts';
import { ResultCollector } from '../report/results.ts';
import { ProfileError } from '../session/errors.ts';
import { profileForRun, targetOf, type RunContext, type RunHandle } from '../session/run-context.ts';
import { formatSummary } from '../report/summary.ts';
import { applyWaivers, type ResultsFile, type Verdict } from '../report/verdict.ts';
import { CLAUSES } from '../spec/clauses.ts';
import { clausePagesHtml } from '../report/clause-pages.ts';
import { CLAUSE_PAGE } from '../suite/outcomes.ts';
import { computeCoverage, scenarios } from '../report/coverage.ts';
import { poolSizes, variantsAsked } from '../suite/sandbox.ts';
import { cucumberPaths, readDurations, shardOf, writeDurations, type Shard } from './shard.ts';
import { dialectProfile, type Dialect } from '../session/dialects.ts';
import { autoWorkers, capWorkers, hostProcesses, MAX_WORKERS } from '../session/psu-pool.ts';
import { buildBundles, withoutTsx } from './steps-bundle.ts';
import { keepPlan, keptPlan } from './plan-cache.ts';
import type { Host } from './coordinator.ts';
import type { HostSetup, SupportSetup } from './scenario-host.ts';
import { progress } from './progress.ts';
import type { Envelope } from '@cucumber/messages';
import { DEFAULT_BREAKER } from '../session/run-guard.ts';
import { customersOfType, SANDBOX_PATHS } from '../session/shapes.ts';
import { TppClient } from '../tpp/client.ts';
import {
  closeTransports,
  explainConnectionError,
  newDispatcher,
  send,
  type TransportConfig,
} from '../transport/index.ts';
import { readTags } from '../suite/tags.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunOptions {
  target?: string;
  profile?: string;
  tags?: string;
  /**
   * Workers; 'auto': from the cores and the target's round trip, at most one per PSU (psu-pool.ts autoWorkers). More
   * than PSUs are capped.
   */
  parallel?: number | 'auto';
  /** Processes the workers run in, several scenarios at a time each (coordinator.ts); default one per core. */
  processes?: number;
  /** Whole-run deadline (ms from the start): scenarios not started by then are not run (exit 4). */
  deadlineMs?: number;
  /** Consecutive timed-out or refused requests that stop the run (exit 3); 0: never. Default 10. */
  breaker?: number;
  /** Run one deterministic, balanced part of the scenarios (shard.ts); `merge` joins the parts. */
  shard?: Shard;
  /** Write the scenarios' durations to fixtures/durations.json (the shards' balance). */
  recordDurations?: boolean;
  /** Write every scenario's exchanges (redacted) under <reportDir>/exchanges, for `run --bundle`. */
  recordExchanges?: boolean;
  reportDir?: string;
  allowPayments?: boolean;
  /** Faults switched on in the embedded bank (fault-injected variants). */
  faults?: string[];
  /**
   * Serve the embedded reference bank over HTTPS demanding the TEST-ONLY QWAC (its own TEST-ONLY server CA trusted):
   * the transport scenarios apply.
   */
  tls?: boolean;
  /** Feature files or folders (default features/). */
  paths?: string[];
  /** Only scenarios whose name matches one of these regular expressions. */
  names?: string[];
  /** Build the Allure HTML report after the run. */
  report?: boolean;
  /** No progress display (mutation runs). */
  quiet?: boolean;
  /** The console shows every failed scenario's whole message before the summary. */
  verbose?: boolean;
  timeoutMs?: number;
  /** Replaces the profile's SCA driver. */
  scaDriver?: Profile['sca']['driver'];
  /** The embedded reference bank's dialect; `variant` also brings its shipped profile (unless one is given). */
  dialect?: Dialect;
  log?: (s: string) => void;
}

export interface RunResult {
  exitCode: 0 | 1 | 2 | 3 | 4;
  verdict?: Verdict;
  message?: string;
  wallMs: number;
  /** What a bundle needs of a finished run (run --bundle). */
  run?: {
    profile: Profile;
    target: string;
    startedAt: string;
    endedAt: string;
    coverage: ReturnType<typeof computeCoverage>;
    exchangesDir?: string;
  };
}

/** Any HTTP answer means reachable; no answer at all is exit 3, with its cause and the profile key to change. */
export async function probe(
  url: string,
  timeoutMs: number,
  transport: TransportConfig = {},
): Promise<string | undefined> {
  try {
    await send(url, { timeoutMs, transport });
    return undefined;
  } catch (e) {
    return `target ${url} cannot be reached: ${await explainConnectionError(e, url, transport, timeoutMs)}`;
  }
}

/**
 * Whether the target (ctx.targetUrl) answers (probe), and with `measure` its sandbox's PSUs (psuCount) and, with
 * `auto`, its round trip (roundTripMs): the three at once, not one after another (across the internet a round trip
 * or two, and the measure's tries). What the measures found counts only once the probe has an answer.
 */
export async function reach(
  profile: Profile,
  ctx: RunContext,
  transport: TransportConfig,
  o: { measure: boolean; auto: boolean },
): Promise<{ unreachable?: string; psus?: number; rtt: number }> {
  const url = ctx.targetUrl;
  const waitMs = Math.min(profile.timeoutMs, 10_000);
  const measured = o.measure
    ? Promise.all([psuCount(profile, ctx, transport), o.auto ? roundTripMs(url, waitMs, transport) : 0])
    : undefined;
  // Handled here, awaited below: a failure while the probe runs is not an unhandled rejection.
  const settled = measured?.catch(() => undefined);
  const unreachable = await probe(url, waitMs, transport);
  if (unreachable) {
    await settled;
    return { unreachable, rtt: 0 };
  }
  const [psus, rtt] = (await measured) ?? [undefined, 0];
  return { psus, rtt };
}

/**
 * The target's round trip in ms, on one kept-alive connection (the first request also connects, and
 * is not counted). It is measured while this process plans the run and a worker process loads, so a
 * try can be held up by either (by up to 0.5 s here), never made shorter: the estimate is the fastest
 * try, once two tries agree within 5 % (the two fastest), else after `tries` or about 2 s. A few tries
 * gave 64-73 ms for a 53 ms round trip, and `--parallel auto` 24-26 workers where 20 is best.
 */
export async function roundTripMs(
  url: string,
  timeoutMs: number,
  transport: TransportConfig = {},
  tries = 8,
): Promise<number> {
  const agent = newDispatcher(transport, 1);
  try {
    return await fastestAgreed(async () => {
      const t0 = performance.now();
      await send(url, { dispatcher: agent, timeoutMs });
      return performance.now() - t0;
    }, tries);
  } finally {
    await agent.close().catch(() => undefined);
  }
}

/**
 * The estimate of `roundTripMs` from timed tries (`attempt` sends one and gives its ms): the first
 * try connects and is not counted; then the fastest try once the two fastest agree within 5 %, else
 * after `tries` tries or once `budgetMs` has passed by `now`. A failed try ends the tries.
 */
export async function fastestAgreed(
  attempt: () => Promise<number>,
  tries: number,
  budgetMs = 2_000,
  now: () => number = () => performance.now(),
): Promise<number> {
  const took: number[] = [];
  try {
    const started = now();
    // A slow target gets fewer tries: the estimate must not hold up the run.
    for (let i = 0; i < tries && now() - started < budgetMs; i++) {
      const ms = await attempt();
      if (!i) continue;
      took.push(ms);
      took.sort((a, b) => a - b);
      if (took.length > 1 && took[1] <= took[0] * 1.05) break;
    }
  } catch {
    /* the probe already said the target answers; a failure here only leaves the estimate */
  }
  return took.length ? took[0] : 0;
}

export async function runSuite(o: RunOptions): Promise<RunResult> {
  const started = Date.now();
  const log = o.log ?? ((s: string) => process.stdout.write(s));
  let profile: Profile;
  if (o.dialect && targetOf(o.target))
    return {
      exitCode: 2,
      message: '--dialect applies to the embedded reference bank only: leave out --target',
      wallMs: 0,
    };
  o = { ...o, profile: o.profile ?? dialectProfile(o.dialect) };
  if (
    o.parallel !== undefined &&
    o.parallel !== 'auto' &&
    (!Number.isInteger(o.parallel) || o.parallel < 0 || o.parallel > MAX_WORKERS)
  )
    return {
      exitCode: 2,
      message: `--parallel ${o.parallel} is not a number of workers from 0 to ${MAX_WORKERS}, or auto`,
      wallMs: 0,
    };
  if (o.processes !== undefined && (!Number.isInteger(o.processes) || o.processes < 1))
    return { exitCode: 2, message: `--processes ${o.processes} is not a number of processes from 1`, wallMs: 0 };
  if (o.breaker !== undefined && (!Number.isInteger(o.breaker) || o.breaker < 0))
    return { exitCode: 2, message: `--breaker ${o.breaker} is not a number of requests`, wallMs: 0 };
  // Workers asked for: the profile may still make the run sequential (a production target).
  const askedWorkers = o.parallel === 'auto' || (o.parallel ?? 0) > 1;
  // The steps and the worker's host load bundled, without tsx (steps-bundle.ts): built (or found made
  // from the same sources) while the profile is read and the target probed.
  const bundling = buildBundles(ROOT, askedWorkers);
  // The plan is made (or found kept) meanwhile, and while the target is probed, the PSUs counted and the
  // round trip measured (network waits); a run that stops first leaves it unused.
  const { configuration, planning } = plan(o, bundling);
  planning.catch(() => undefined);
  const collector = new ResultCollector();
  let shown: ReturnType<typeof progress> | undefined = undefined;
  const onEnvelope = (e: Envelope): void => {
    collector.onMessage(e);
    if (e.testCaseFinished) shown?.update(collector.results);
  };
  // The first worker process starts as soon as its bundle is there, before the profile is read: it
  // loads its packages meanwhile and while the target is probed, the PSUs counted, the round trip
  // measured and the plan made; the step definitions once cucumber's configuration is resolved
  // ("support"), and the run's inputs (the setup) once they are known. A run that stops first, or
  // turns out sequential, ends it unused.
  let giveSetup!: (s: HostSetup) => void;
  let noSetup: ((e: Error) => void) | undefined;
  const setupLater = new Promise<HostSetup>((res, rej) => ((giveSetup = res), (noSetup = rej)));
  setupLater.catch(() => undefined);
  /** The run has ended: a worker process not yet started is not started. */
  let over = false;
  const coordinating = import('./coordinator.ts');
  const early: Promise<Host | undefined> | undefined = askedWorkers
    ? Promise.all([bundling, coordinating]).then(([b, coordinator]) =>
        over ? undefined : workerHost(coordinator, b.host, setupLater, onEnvelope, supportOf(configuration)),
      )
    : undefined;
  let bank: { url: string; close(): Promise<void> } | undefined;
  let guardDir: string | undefined;
  try {
    // Forked before the profile is read (reading it takes the process's thread for about 0.2 s).
    await early?.catch(() => undefined);
    try {
      profile = o.profile ? loadProfile(o.profile) : completeProfile({}, process.cwd());
    } catch (e) {
      if (e instanceof ProfileError) return { exitCode: 2, message: e.message, wallMs: Date.now() - started };
      throw e;
    }
    const targetUrl = targetOf(o.target, profile);
    if (targetUrl !== undefined && !/^https?:\/\/[^/]+/.test(targetUrl))
      return { exitCode: 2, message: `target "${targetUrl}" is not an http(s) URL`, wallMs: 0 };
    // The default browser script is the reference bank's pages: against another target it would fail
    // every SCA for the wrong reason (and name the wrong clauses).
    if (targetUrl !== undefined && referenceBrowserSteps(o.scaDriver ? withScaDriver(profile, o.scaDriver) : profile)) {
      return {
        exitCode: 2,
        message: `the browser SCA driver needs the target's own script: the profile gives no sca.browser.steps (the default steps fill the reference bank's pages only); write them for ${targetUrl} (docs/profile.md, sca.browser)`,
        wallMs: 0,
      };
    }
    const reportDir = resolve(o.reportDir ?? join(ROOT, 'reports'));
    guardDir = mkdtempSync(join(tmpdir(), 'xs2a-run-'));
    const guard = {
      deadlineAt: o.deadlineMs ? started + o.deadlineMs : undefined,
      breaker: o.breaker ?? DEFAULT_BREAKER,
      stopFile: join(guardDir, 'stop'),
    };
    const ctx: RunContext = {
      targetUrl: targetUrl ?? '',
      profileFile: o.profile && resolve(o.profile),
      profileChecked: true,
      allowPayments: !!o.allowPayments,
      embedded: !targetUrl,
      shard: o.shard ? `${o.shard.index}/${o.shard.count}` : undefined,
      timeoutMs: o.timeoutMs,
      scaDriver: o.scaDriver,
      runId: randomUUID(),
      guard,
    };
    if (!targetUrl) {
      const { startBank, findFault } = await import('../bank/index.ts');
      let faults;
      try {
        faults = (o.faults ?? []).map(findFault);
      } catch (e) {
        return { exitCode: 2, message: (e as Error).message, wallMs: 0 };
      }
      const running = await startBank({
        host: '127.0.0.1',
        port: 0,
        mode: 'test',
        faults,
        dialect: o.dialect,
        tls: o.tls ? { clientCert: true } : undefined,
      });
      ctx.embeddedTls = !!o.tls;
      ctx.embeddedBank = { dialect: o.dialect, faults: o.faults ?? [] };
      bank = running;
      ctx.targetUrl = running.url;
      // The reference bank's test-mode clock control (src/bank/handlers/control.ts).
      ctx.clockControl = { method: 'POST', path: '/__control/clock', body: '{"advanceSeconds": {{seconds}}}' };
      // The reference bank checks the PSD2 roles a certificate declares in every mode (docs/reference-bank.md).
      ctx.roleChecks = true;
    } else if (o.faults?.length)
      return {
        exitCode: 2,
        message: '--faults apply to the embedded reference bank only: leave out --target',
        wallMs: 0,
      };
    else if (o.tls)
      return {
        exitCode: 2,
        message:
          '--tls serves the embedded reference bank over HTTPS: leave out --target (the TLS of a target is the profile tpp.tls key)',
        wallMs: 0,
      };
    const transport = transportOf(profile, ctx);
    // Workers: production one (the allowance guard, allowance.ts, must see every call); else at most
    // one per PSU, so that no two workers end each other's SCA sessions (psu-pool.ts).
    let parallel = profile.environment !== 'production' && typeof o.parallel === 'number' ? o.parallel : 0;
    const mayRunParallel = profile.environment !== 'production' && askedWorkers;
    const coordinator = await coordinating;
    const reached = await reach(profile, ctx, transport, {
      measure: mayRunParallel,
      auto: o.parallel === 'auto',
    });
    if (reached.unreachable) return { exitCode: 3, message: reached.unreachable, wallMs: Date.now() - started };
    if (mayRunParallel) {
      const { psus, rtt } = reached;
      let requested = parallel;
      if (o.parallel === 'auto') {
        requested = autoWorkers(psus ?? 1, undefined, rtt);
        if (!o.quiet)
          log(
            `xs2a-conformance: --parallel auto: ${requested} worker${requested === 1 ? '' : 's'} (round trip ${rtt.toFixed(1)} ms, ${psus ?? 'unknown'} PSUs, ${availableParallelism()} cores)\n`,
          );
      }
      const capped = capWorkers(requested, psus);
      parallel = capped.workers;
      if (capped.warning && !o.quiet) log(`xs2a-conformance: ${capped.warning}\n`);
    }

    rmSync(join(reportDir, 'allure-results'), { recursive: true, force: true });
    rmSync(join(reportDir, 'exchanges'), { recursive: true, force: true });
    if (o.recordExchanges) {
      ctx.exchangesDir = join(reportDir, 'exchanges');
      mkdirSync(ctx.exchangesDir, { recursive: true });
    }
    mkdirSync(join(reportDir, 'allure-results'), { recursive: true });
    const kept = await planning;
    const first = parallel > 1 ? await early : undefined;
    if (!first) void early?.then((h) => h?.end().catch(() => undefined));
    let hosts: Host[] = first ? [first] : [];
    if (parallel > 1) ctx.clockWindowDir = join(guardDir, 'clock-window');
    const { runConfiguration } = kept;
    // A scenario that asks for sandbox data of other values (a variant) runs on the one slot that makes it.
    const planned = pinScenarios(kept.planned, parallel, (p) => variantsAsked(p.steps).length > 0);
    // Slot 0 is the clock lane (with a window: a parallel run).
    const lane = ctx.clockWindowDir ? 0 : undefined;
    const schedule = new Schedule(planned, readDurations(DURATIONS_FILE), ctx.clockWindowDir, String(lane ?? 0));
    let page: { coverage: ReturnType<typeof computeCoverage>; html: string } | undefined;
    const clausePage = () => {
      if (page) return page;
      const coverage = computeCoverage(ROOT, join(reportDir, 'mutation.json'));
      return (page = { coverage, html: clausePagesHtml(coverage) });
    };
    // The workers' pools of sandbox data, and the accounts of other values the scenarios ask for, made
    // with them by the slot each asking scenario is pinned to (sandbox.ts).
    ctx.poolVariants = planned.flatMap((p) =>
      variantsAsked(p.steps).map((v) => (p.slot === undefined ? v : { ...v, slot: Number(p.slot) })),
    );
    // The clock lane's pools hold what its clock scenarios take, beside its share of the others'.
    ctx.poolSizes = poolSizes(planned, Math.max(1, parallel), lane);
    // The run's inputs, resolved once: every host gets them as one value (run-context.ts).
    const handle: RunHandle = { ctx, profile: profileForRun(profile, ctx) };
    const setup: HostSetup = {
      cwd: ROOT,
      sources: runConfiguration.sources,
      support: runConfiguration.support,
      runtime: runConfiguration.runtime,
      allureResults: join(reportDir, 'allure-results'),
      run: handle,
    };
    giveSetup(setup);
    const perFeature = new Map<string, number>();
    for (const p of planned) perFeature.set(fileOf(p.id), (perFeature.get(fileOf(p.id)) ?? 0) + 1);
    shown = o.quiet ? undefined : progress(perFeature, process.stdout);
    collector.onMessage({
      testRunStarted: { timestamp: { seconds: Math.floor(started / 1000), nanos: (started % 1000) * 1e6 } },
    });
    // Worker processes: one per core, never more than the workers (--processes to change it).
    const processes = parallel > 1 ? hostProcesses(parallel, o.processes ?? availableParallelism()) : 1;
    hosts = first
      ? workerHosts(coordinator, first, processes, (await bundling).host, setup, onEnvelope)
      : [new coordinator.LocalHost(setup, onEnvelope)];
    const slots = Array.from({ length: Math.max(1, parallel) }, (_, id) => ({ id, host: hosts[id % hosts.length] }));
    if (!o.quiet)
      log(
        `${startLine(ctx, handle.profile, { dialect: o.dialect, faults: o.faults, workers: Math.max(1, parallel), processes })}\n`,
      );
    try {
      // The clause page (coverage of the features, and of a mutation run's results there) needs nothing of this
      // run: made as the clock lane takes a scenario once the others have all started, while the cores wait for
      // its round trips, instead of after the run (about 0.2 s: the coverage reads every feature file).
      const unrun = await coordinator.coordinate(schedule, slots, ctx.clockWindowDir, (batch) => {
        if (batch[0].clock && !schedule.othersLeft)
          setImmediate(() => {
            try {
              clausePage();
            } catch {
              /* made again after the run, where a failure ends the run as it always did */
            }
          });
      });
      shown?.end();
      if (unrun.length)
        return {
          exitCode: 2,
          message: `the suite could not run ${unrun.length} scenario${unrun.length === 1 ? '' : 's'}: ${unrun
            .slice(0, 5)
            .map((u) => `${u.id} (${u.reason})`)
            .join(', ')}`,
          wallMs: Date.now() - started,
        };
    } catch (e) {
      shown?.end();
      return {
        exitCode: 2,
        message: `the suite could not start: ${(e as Error).message.split('\n')[0]}`,
        wallMs: Date.now() - started,
      };
    } finally {
      await Promise.all(hosts.map((h) => h.end().catch(() => undefined)));
    }
    // In the features' order, whatever order the plan and the workers ran them in.
    const inOrder = [...collector.results].sort((a, b) => a.uri.localeCompare(b.uri) || a.line - b.line);
    const verdict = applyWaivers(inOrder, profile.waivers, new Date().toISOString().slice(0, 10));
    const wallMs = Date.now() - started;
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, 'junit.xml'), toJUnit(verdict));
    const targetName = ctx.embedded ? `the embedded reference bank (${ctx.targetUrl})` : ctx.targetUrl;
    const summary = formatSummary(verdict, wallMs, targetName);
    writeFileSync(join(reportDir, 'summary.txt'), summary);
    const resultsFile: ResultsFile = {
      target: ctx.embedded ? 'embedded' : ctx.targetUrl,
      faults: o.faults ?? [],
      shard: o.shard,
      wallMs,
      exitCode: verdict.exitCode,
      counts: verdict.counts,
      results: verdict.results,
      waiverProblems: verdict.waiverProblems,
    };
    writeFileSync(join(reportDir, 'results.json'), JSON.stringify(resultsFile, null, 2));
    writeFileSync(
      join(reportDir, 'allure-results', 'environment.properties'),
      allureEnvironment(ctx, handle.profile, {
        dialect: o.dialect,
        faults: o.faults,
        workers: Math.max(1, parallel),
        processes,
      }).join('\n') + '\n',
    );
    if (o.recordDurations) writeDurations(DURATIONS_FILE, verdict.results);
    // The clause page every clause link of the reports points to (clauses.html#<id>), beside them.
    const { coverage, html } = clausePage();
    writeFileSync(join(reportDir, CLAUSE_PAGE), html);
    // Each result was tidied as its worker wrote it (allure-writer.ts).
    finishAllureFolder(join(reportDir, 'allure-results'), join(reportDir, CLAUSE_PAGE));
    if (!o.quiet) {
      // --verbose: every failed scenario's whole message first; the console's summary is bounded (summary.txt has it
      // all).
      if (o.verbose) log(failureDump(verdict));
      log(formatSummary(verdict, wallMs, targetName, { console: true }));
      log(`Reports: ${reportDir} (summary.txt, results.json, junit.xml, allure-results)\n`);
    }
    if (o.report) log(generateAllureReport(reportDir).message + '\n');
    const run = {
      profile,
      target: ctx.embedded ? `embedded reference bank${o.dialect ? ` (${o.dialect} dialect)` : ''}` : ctx.targetUrl,
      startedAt: new Date(started).toISOString(),
      endedAt: new Date().toISOString(),
      coverage,
      exchangesDir: ctx.exchangesDir,
    };
    return { exitCode: verdict.exitCode, verdict, wallMs, run };
  } finally {
    // A run that ended before its plan was made (it failed, or it runs sequentially) ends the worker
    // process started for it.
    over = true;
    noSetup?.(new Error('the run ended before its plan was made'));
    await (await early?.catch(() => undefined))?.end().catch(() => undefined);
    await closeTransports();
    await bank?.close();
    if (guardDir) rmSync(guardDir, { recursive: true, force: true });
  }
}

/**
 * The run's cucumber configuration and its scenarios, in cucumber's order. A sequential run loads the
 * steps' bundle too: its own sources are already loaded as the command line's bundle, and loading the
 * steps through tsx would load them all again, slowly. The scenario that wipes the sandbox runs alone
 * and first, the clock-moving ones on the clock lane, the others longest first (schedule.ts).
 */
export function plan(o: RunOptions, bundling: ReturnType<typeof buildBundles>) {
  /** What cucumber's configuration is made from: with the feature files, the kept plan's key (plan-cache.ts). */
  const options = bundling.then((bundles) => ({
    paths: o.paths ?? (o.shard ? shardPaths(o.shard) : ['features/**/*.feature']),
    import: bundles.steps ? [bundles.steps] : ['steps/support/register.mjs', 'steps/**/*.ts'],
    tags: o.tags ?? '',
    name: o.names ?? [],
    strict: true,
  }));
  const kept = options.then((provided) => keptPlan<Plan>(ROOT, provided));
  const configuration = kept.then(async (k) => {
    if (k) return k.runConfiguration;
    // cucumber loads here, not with the command line (a command that runs no scenario starts faster); a
    // kept plan needs none of it.
    const { loadConfiguration } = await import('@cucumber/cucumber/api');
    const { runConfiguration } = await loadConfiguration({ file: false, provided: await options }, { cwd: ROOT });
    return runConfiguration;
  });
  configuration.catch(() => undefined);
  const planning = kept.then(async (k): Promise<Plan> => {
    if (k) return k;
    const runConfiguration = await configuration;
    const made = { runConfiguration, planned: await plannedScenarios(runConfiguration.sources) };
    keepPlan(ROOT, await options, made);
    return made;
  });
  return { configuration, planning };
}

/** The run's plan: cucumber's resolved configuration, and the scenarios it selects. */
interface Plan {
  runConfiguration: IRunConfiguration;
  planned: Array<PlannedScenario & { steps: string[] }>;
}

/** What a worker process needs to load the step definitions, from cucumber's resolved configuration. */
const supportOf = (configuration: Promise<IRunConfiguration>): Promise<SupportSetup> =>
  configuration.then((c) => ({ cwd: ROOT, sources: c.sources, support: c.support }));

/**
 * The scenarios a run's sources select, in cucumber's order (`features/x.feature:line`), whether each moves the
 * target's clock, runs alone, acts in the CORPORATE context or as another TPP, and its steps' texts.
 */
async function plannedScenarios(sources: ISourcesCoordinates): Promise<Array<PlannedScenario & { steps: string[] }>> {
  const { loadSources } = await import('@cucumber/cucumber/api');
  const { plan } = await loadSources(sources, { cwd: ROOT });
  const byWhere = new Map(scenarios(ROOT).map((s) => [s.where, s]));
  return plan.map((p) => {
    const id = `${p.uri}:${p.location.line}`;
    const s = byWhere.get(id);
    const t = readTags(s?.tags ?? []);
    return {
      id,
      clock: t.all.includes(CLOCK_TAG),
      alone: t.all.includes(ALONE_TAG),
      corporate: t.all.includes(CORPORATE_TAG),
      identity: t.identities[0],
      steps: s?.steps.map((st) => st.text) ?? [],
    };
  });
}

/**
 * The `n` worker processes of a parallel run, each running its share of the worker slots (coordinator.ts):
 * the first, forked as the run started, and the others, forked once the workers are counted and the
 * plan made. By then the first has nearly loaded, and the run's own process is done with its start:
 * forked only once the first was ready, the others were still loading when the sandbox's wipe (the
 * first scenario, alone) had ended (bench:latency: the bulk of the run ended 0.2-0.9 s later).
 */
function workerHosts(
  coordinator: typeof import('./coordinator.ts'),
  first: Host,
  n: number,
  hostBundle: string | undefined,
  setup: HostSetup,
  onEnvelope: (e: Envelope) => void,
): Host[] {
  return [first, ...Array.from({ length: n - 1 }, () => workerHost(coordinator, hostBundle, setup, onEnvelope))];
}

/** A worker process (its bundle, or without one the TypeScript through tsx); `setup` may come later. */
function workerHost(
  { ProcessHost }: typeof import('./coordinator.ts'),
  hostBundle: string | undefined,
  setup: HostSetup | Promise<HostSetup>,
  onEnvelope: (e: Envelope) => void,
  support?: Promise<SupportSetup>,
): Host {
  const node = withoutTsx(process.execArgv);
  const [file, execArgv] = hostBundle
    ? [hostBundle, node]
    : [join(ROOT, 'src', 'run', 'worker-host.ts'), ['--import', 'tsx', ...node]];
  return new ProcessHost(file, execArgv, ROOT, setup, onEnvelope, support);
}

/** The table that balances the shards (run --record-durations refreshes it). */
export const DURATIONS_FILE = join(ROOT, 'fixtures', 'durations.json');

/** The cucumber paths of one shard: every scenario location, split by shard.ts. */
function shardPaths(shard: Shard): string[] {
  const mine = shardOf(
    scenarios(ROOT).map((s) => s.where),
    shard,
    readDurations(DURATIONS_FILE),
  );
  // An empty shard (more shards than scenarios) runs nothing: a path that matches no scenario.
  return mine.length ? cucumberPaths(mine) : ['features/README.md'];
}

/**
 * How many PSUs the run can act for: those the profile names, else (sandbox) the target's private customers; undefined
 * when unknown.
 */
async function psuCount(profile: Profile, ctx: RunContext, transport: TransportConfig): Promise<number | undefined> {
  if (profile.psuPool.private) return profile.psuPool.private;
  if (!profile.capabilities.sandbox) return undefined;
  const client = new TppClient({
    baseUrl: ctx.targetUrl,
    identity: profile.tpp.signing,
    redirectUri: profile.tpp.redirectUri,
    transport,
    timeoutMs: profile.timeoutMs,
    record: false,
  });
  const ex = await client.request({ method: 'GET', path: SANDBOX_PATHS.customers, psu: false });
  const n = ex.response?.status === 200 ? customersOfType(profile, ex.response.json, 'private').length : 0;
  return n || undefined;
}

/**
 * The Allure environment widget: what this run was, as it ran (the profile with the run's SCA driver
 * and timeout, the browser the browser driver found and its version, the reference bank's dialect and
 * faults, the workers and processes).
 */
export function allureEnvironment(
  ctx: RunContext,
  p: Profile,
  run: { dialect?: Dialect; faults?: readonly string[]; workers: number; processes: number },
): string[] {
  const lines = [
    `target=${ctx.embedded ? `embedded reference bank (${run.dialect ?? 'default'} dialect)` : ctx.targetUrl}`,
    `environment=${p.environment}`,
    `sca.driver=${p.sca.driver}`,
  ];
  if (p.sca.driver === 'browser') lines.push(`browser=${browserVersion(p.sca.browser?.executablePath)}`);
  if (run.faults?.length) lines.push(`faults=${run.faults.join(',')}`);
  lines.push(
    `workers=${run.workers}`,
    `processes=${run.processes}`,
    `clauses=${CLAUSES.length}`,
    `clausePage=${CLAUSE_PAGE}`,
  );
  return lines;
}

/** What a run is about to do, as its console's first line: the target, the SCA driver, the workers. */
export function startLine(
  ctx: RunContext,
  p: Profile,
  run: { dialect?: Dialect; faults?: readonly string[]; workers: number; processes: number },
): string {
  const target = ctx.embedded ? `the embedded reference bank (${run.dialect ?? 'default'} dialect)` : ctx.targetUrl;
  const faults = run.faults?.length ? ` with faults ${run.faults.join(', ')}` : '';
  const workers = `${run.workers} worker${run.workers === 1 ? '' : 's'}${run.processes > 1 ? ` in ${run.processes} processes` : ''}`;
  return `xs2a-conformance: ${target}${faults} · SCA driver ${p.sca.driver} · ${workers}`;
}

/** The browser the browser SCA driver uses, with its version ("not found" when there is none). */
function browserVersion(explicit?: string): string {
  const path = findChromium(explicit);
  if (!path) return 'not found';
  try {
    return `${execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 5_000 }).trim()} (${path})`;
  } catch {
    return path;
  }
}

/** Every failed or warned scenario's whole message, for `run --verbose`. */
function failureDump(v: Verdict): string {
  return v.results
    .filter((r) => r.outcome === 'failed' || r.outcome === 'undefined' || r.outcome === 'warning')
    .map((r) => `--- ${r.outcome.toUpperCase()} ${r.id}: ${r.name}\n${r.message ?? ''}\n`)
    .join('\n');
}
