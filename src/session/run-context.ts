// What every cucumber worker needs to know about the run, passed through one environment variable.
import { completeProfile, defaultProfile, loadProfile, withScaDriver, type Profile } from './profile.ts';
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
  /** A file the first worker writes once loaded; the other workers wait for it before loading (schedule.ts). */
  firstWorkerReady?: string;
  /** A parallel run's clock window folder (clock-window.ts): no scenario runs beside one that has the target's clock moved. */
  clockWindowDir?: string;
  /** Sandbox data of other values than the template's that the run's scenarios ask for, one per asking step: made with the workers' pools (src/suite/sandbox.ts). */
  poolVariants?: Array<{ kind: 'account' | 'card'; vars: Record<string, unknown> }>;
  /** The run's scenarios take sandbox data from the workers' pools: a worker makes its pools before its first kept PSU session (src/suite/sandbox.ts fillPoolsAhead). */
  poolsWanted?: boolean;
  /** `run --bundle`: where each scenario's exchanges are written, redacted (evidence.ts writeExchanges). */
  exchangesDir?: string;
  /** `run --sca-driver`: replaces the profile's SCA driver. */
  scaDriver?: Profile['sca']['driver'];
}

export const RUN_ENV = 'XS2A_RUN';

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

let cached: { ctx: RunContext; profile: Profile; raw: string | undefined } | undefined;

/** The run context in a worker; a plain `cucumber-js` run against XS2A_TARGET_URL also works. */
export function runContext(): { ctx: RunContext; profile: Profile } {
  const raw = process.env[RUN_ENV];
  // Keyed by the run: the mutation run starts several runs (and banks) in one process.
  if (cached && cached.raw === raw) return cached;
  let ctx: RunContext;
  if (raw) ctx = JSON.parse(raw) as RunContext;
  else {
    const targetUrl = targetOf(undefined);
    if (!targetUrl) throw new Error(`no target: run through \`xs2a-conformance run\`, or set ${TARGET_ENV}`);
    ctx = { targetUrl, profileFile: profileFileOf(undefined), allowPayments: false, embedded: false };
  }
  const loaded = ctx.profileFile
    ? loadProfile(ctx.profileFile, { checked: ctx.profileChecked })
    : completeProfile({}, process.cwd(), 'profile', { checked: ctx.profileChecked });
  const profile = ctx.scaDriver ? withScaDriver(loaded, ctx.scaDriver) : loaded;
  if (ctx.timeoutMs) profile.timeoutMs = ctx.timeoutMs;
  if (!ctx.clockControl && profile.clockControl) ctx.clockControl = profile.clockControl;
  cached = { ctx, profile: profile ?? defaultProfile(), raw };
  return cached;
}
