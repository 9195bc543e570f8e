// What every cucumber worker needs to know about the run: resolved once, by the run, and handed to the
// worker processes in a message (src/run/coordinator.ts); a worker reads it here, never from the
// environment. The profile travels resolved: no worker loads it again.
import { completeProfile, loadProfile, withScaDriver, type Profile } from './profile.ts';
import type { GuardConfig } from './run-guard.ts';

export interface RunContext {
  targetUrl: string;
  profileFile?: string;
  /** The run validated the profile (and the empty default) against the schema: a worker need not again. */
  profileChecked?: boolean;
  allowPayments: boolean;
  /** Clock control: the profile's, or the embedded bank's test-mode endpoint. */
  clockControl?: { method: string; path: string; body?: string };
  embedded: boolean;
  /** The embedded bank serves HTTPS and demands the TEST-ONLY QWAC (`run --tls`). */
  embeddedTls?: boolean;
  /**
   * The embedded bank's dialect and faults (its seed is the default, 1): how to start the same bank again (evidence.ts
   * reproduce.txt).
   */
  embeddedBank?: { dialect?: string; faults: string[] };
  /** The target checks the PSD2 roles of TPP certificates (the embedded reference bank does in every mode). */
  roleChecks?: boolean;
  /** Timeout for each request (ms). */
  timeoutMs?: number;
  /** `run --shard i/n`: this run is one part of a run split over runners. */
  shard?: string;
  /** Unique per run: what a worker keeps between scenarios (PSU sessions) belongs to one run. */
  runId?: string;
  /** The run's deadline and dead-target breaker (run-guard.ts). */
  guard?: GuardConfig;
  /**
   * A parallel run's clock window folder (clock-window.ts): no scenario runs beside one that has the target's clock
   * moved.
   */
  clockWindowDir?: string;
  /**
   * Sandbox data of other values than the template's that the run's scenarios ask for, one per asking step: made with
   * the workers' pools (src/suite/sandbox.ts), by the worker slot `slot` (the one its scenario is pinned to: src/run
   * schedule.ts pinScenarios) or, without one, by every worker.
   */
  poolVariants?: Array<{ kind: 'account' | 'card'; vars: Record<string, unknown>; slot?: number }>;
  /**
   * Where the run's scenarios take sandbox data from the workers' pools, each worker's pool sizes (`lane`: the clock
   * lane's slot's own): a worker makes its pools before its first kept PSU session (src/suite/sandbox.ts poolSizes,
   * fillPoolsAhead).
   */
  poolSizes?: { account: number; card: number; lane?: { slot: number; account: number; card: number } };
  /** `run --bundle`: where each scenario's exchanges are written, redacted (evidence.ts writeExchanges). */
  exchangesDir?: string;
  /** `run --sca-driver`: replaces the profile's SCA driver. */
  scaDriver?: Profile['sca']['driver'];
}

/** Where the run's inputs come from besides the command line: the environment, as CI sets it. */
export const TARGET_ENV = 'XS2A_TARGET_URL';
export const PROFILE_ENV = 'XS2A_PROFILE';

/**
 * The target rule, written once: `--target`, else $XS2A_TARGET_URL (unless `env` is false), else the
 * profile's `target`; undefined means the embedded reference bank.
 */
export function targetOf(given: string | undefined, profile?: Pick<Profile, 'target'>, env = true): string | undefined {
  return given ?? (env ? process.env[TARGET_ENV] : undefined) ?? profile?.target;
}

/** The profile file: `--profile`, else $XS2A_PROFILE (unless `env` is false); undefined: the defaults. */
export function profileFileOf(given: string | undefined, env = true): string | undefined {
  return given ?? (env ? process.env[PROFILE_ENV] : undefined);
}

/** The run's inputs as a worker holds them: one value, made once by the run. */
export interface RunHandle {
  ctx: RunContext;
  profile: Profile;
}

/**
 * Where this process keeps the run it works for. On the global object: in a worker process the step
 * definitions are a bundle of their own (src/run/steps-bundle.ts), another copy of this module than
 * the one the worker's host set it through.
 */
const RUN = Symbol.for('xs2a-conformance.run');
const held = globalThis as { [RUN]?: RunHandle };

/** The run this process works for from now on (undefined: none). */
export function setRunContext(run: RunHandle | undefined): void {
  if (run) held[RUN] = run;
  else delete held[RUN];
}

/**
 * The run's context and profile as the run resolved them; a plain `cucumber-js` run against XS2A_TARGET_URL also works.
 */
export function runContext(): RunHandle {
  const run = held[RUN];
  if (run) return run;
  const targetUrl = targetOf(undefined);
  if (!targetUrl) throw new Error(`no target: run through \`xs2a-conformance run\`, or set ${TARGET_ENV}`);
  const ctx: RunContext = { targetUrl, profileFile: profileFileOf(undefined), allowPayments: false, embedded: false };
  return (held[RUN] = { ctx, profile: resolveProfile(ctx) });
}

/**
 * The profile of a run: its file (or the defaults), the SCA driver and timeout the run gives, and its clock control.
 */
export function resolveProfile(ctx: RunContext): Profile {
  const loaded = ctx.profileFile
    ? loadProfile(ctx.profileFile, { checked: ctx.profileChecked })
    : completeProfile({}, process.cwd(), 'profile', { checked: ctx.profileChecked });
  return profileForRun(loaded, ctx);
}

/**
 * A loaded profile as the run `ctx` uses it: the run's SCA driver and timeout; its clock control becomes the run's
 * unless the run has one.
 */
export function profileForRun(loaded: Profile, ctx: RunContext): Profile {
  const profile = ctx.scaDriver ? withScaDriver(loaded, ctx.scaDriver) : loaded;
  if (ctx.timeoutMs) profile.timeoutMs = ctx.timeoutMs;
  if (!ctx.clockControl && profile.clockControl) ctx.clockControl = profile.clockControl;
  return profile;
}

/**
 * A worker process whose scenarios the run's own host runs (src/run/scenario-host.ts), one cucumber
 * run per scenario: cucumber's After-all hooks would end the worker's browser after every scenario,
 * so what ends the worker is registered here instead and the host runs it once, after the last one.
 */
const HOST = Symbol.for('xs2a-conformance.worker-host');
const host = globalThis as { [HOST]?: { ends: Array<() => Promise<void>> } };

/** The host: this process's scenarios are run by it (before the step definitions load). */
export function markHosted(): void {
  host[HOST] ??= { ends: [] };
}

/** Whether the run's host runs this process's scenarios (else a plain `cucumber-js` does, with its After-all hooks). */
export function hostedRun(): boolean {
  return !!host[HOST];
}

/** Registers `fn` for the end of a hosted worker's scenarios (endWorker). */
export function atWorkerEnd(fn: () => Promise<void>): void {
  host[HOST]?.ends.push(fn);
}

/**
 * The host, after the worker's last scenario of a run: what atWorkerEnd registered (kept for the process's next run).
 */
export async function endWorker(): Promise<void> {
  for (const fn of host[HOST]?.ends ?? []) await fn().catch(() => undefined);
}
