// Two guards of a whole run, shared by the cucumber workers through one stop file:
//
// - the deadline (`run --deadline 15m`): once it has passed, the scenarios still waiting are not
//   run: counted and listed, never passed, and the exit code says the run is incomplete (4);
// - the dead-target breaker (`run --breaker N`, default 10): when N consecutive requests of a worker
//   time out or are refused, the target is taken for dead, the worker writes the stop file, and every
//   worker reports the scenarios still waiting as not run; the exit code is 3 (no answer).
//
// A scenario already running stops before its next request (RunStopped: reported as not run); a
// request in flight ends within the per-request timeout. Another process's stop file is seen within
// STOP_LOOK_MS (it is looked for before every request: about 70 ms of CPU a worker process in a full
// run when looked for each time); this process's own at once.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { RunStopped } from './errors.ts';

/** Default number of consecutive timed-out or refused requests that stop the run. */
export const DEFAULT_BREAKER = 10;

/** Parses a duration: "90s", "15m", "1h", "1h30m" or plain seconds. */
export function parseDuration(text: string): number | undefined {
  const t = text.trim();
  if (/^\d+$/.test(t)) return Number(t) * 1000;
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(t);
  if (!m || !t) return undefined;
  const [h, min, s] = [m[1], m[2], m[3]].map((x) => Number(x ?? 0));
  const ms = ((h * 60 + min) * 60 + s) * 1000;
  return ms > 0 ? ms : undefined;
}

export interface GuardConfig {
  /** Epoch ms after which no scenario starts. */
  deadlineAt?: number;
  /** Consecutive failed requests that stop the run; 0: never. */
  breaker: number;
  /** The file a worker writes when the breaker trips (all workers read it). */
  stopFile: string;
}

export type StopReason = { kind: 'deadline'; message: string } | { kind: 'dead-target'; message: string };

/** How long a stop file found absent is taken as absent, in ms. */
export const STOP_LOOK_MS = 20;

/** The stop file last looked for, and when (performance.now) it was found absent; a stop file, once there, stays. */
let looked: { file: string; absentAt?: number } | undefined;

/** Whether the stop file is there: looked for again once STOP_LOOK_MS have passed since it was last found absent. */
function stopFileThere(file: string): boolean {
  const t = performance.now();
  if (looked?.file === file && (looked.absentAt === undefined || t - looked.absentAt < STOP_LOOK_MS))
    return looked.absentAt === undefined;
  const there = existsSync(file);
  looked = { file, absentAt: there ? undefined : t };
  return there;
}

/** Why the scenario about to start must not run, if it must not. */
export function stopReason(g: GuardConfig, now = Date.now()): StopReason | undefined {
  if (stopFileThere(g.stopFile)) {
    let message = 'the target stopped answering';
    try {
      message = readFileSync(g.stopFile, 'utf8').trim() || message;
    } catch {
      /* written concurrently: the default message */
    }
    return { kind: 'dead-target', message };
  }
  if (g.deadlineAt !== undefined && now > g.deadlineAt)
    return { kind: 'deadline', message: `the run's deadline passed at ${new Date(g.deadlineAt).toISOString()}` };
  return undefined;
}

/** Throws RunStopped when the run must stop (deadline passed, target taken for dead): asked before each request. */
export function checkRunning(g: GuardConfig | undefined): void {
  const stop = g && stopReason(g);
  if (stop) throw new RunStopped(stop.message);
}

/** Counts a worker's consecutive transport failures; trips the breaker at the configured count. */
export class Breaker {
  private run = 0;
  private last = '';
  constructor(private readonly g: GuardConfig) {}

  /** One request's outcome: an answer (any status) resets the count; a timeout or refusal adds to it. */
  record(outcome: { answered: true } | { answered: false; code: string; message: string }): void {
    if (outcome.answered) {
      this.run = 0;
      return;
    }
    if (outcome.code !== 'TIMEOUT' && outcome.code !== 'CONNECTION_REFUSED') return;
    this.run++;
    this.last = outcome.message;
    if (this.g.breaker > 0 && this.run >= this.g.breaker && !existsSync(this.g.stopFile)) {
      writeFileSync(
        this.g.stopFile,
        `the target stopped answering: ${this.run} consecutive requests timed out or were refused (last: ${this.last.slice(0, 200)})`,
      );
      looked = { file: this.g.stopFile };
    }
  }
}
