// The run's coordinator: which scenario each worker slot runs, and when (the plan: schedule.ts), on
// hosts that run them (scenario-host.ts). A sequential run has one host, this process, with one slot;
// a parallel run has worker processes (worker-host.ts), one per core, each with several slots: slot i
// lives in process i mod processes. --parallel 8 on two cores: two processes of four slots instead of
// eight processes, each paying its start-up and warming its own JIT.
//
// When a slot is free the coordinator asks the plan for its next scenario, naming the slot (a group
// of scenarios of one PSU session stays on the slot that started it), and sends it to the slot's host;
// when a scenario ends it asks again for every free slot. The plan may have nothing to start for a
// while (the clock window is wanted, a group's scenario runs elsewhere): it asks again as the running
// ones end.
import { fork, type ChildProcess } from 'node:child_process';
import type { Envelope } from '@cucumber/messages';
import { abandon } from '../session/clock-window.ts';
import { BATCH, type PlannedScenario, type Schedule } from './schedule.ts';
import { ScenarioHost, type HostSetup, type SupportSetup } from './scenario-host.ts';
import type { HostCommand, HostReport } from './worker-host.ts';

/** Runs scenarios in its slots. */
export interface Host {
  /** Resolves once the host can run scenarios (its step definitions loaded). */
  readonly ready: Promise<void>;
  /**
   * Runs the scenarios at `where` (`features/x.feature:line`, of one file) in `slot`, in one cucumber run; how many
   * test cases finished.
   */
  run(slot: number, where: readonly string[]): Promise<number>;
  /** After the last scenario: the host's end (its browser closed; a worker process ends). */
  end(): Promise<void>;
  /** The host is gone (its process ended): its slots run nothing more. */
  readonly lost: boolean;
}

/** This process as a host (a sequential run). */
export class LocalHost implements Host {
  readonly ready: Promise<void>;
  readonly lost = false;
  private readonly host: ScenarioHost;

  constructor(setup: HostSetup, onEnvelope: (e: Envelope) => void) {
    this.host = new ScenarioHost(setup, (_slot, e) => onEnvelope(e));
    this.ready = this.host.load();
  }

  run(slot: number, where: readonly string[]): Promise<number> {
    return this.host.run(slot, where);
  }

  end(): Promise<void> {
    return this.host.end();
  }
}

/** How long a worker process has to end once told to (then it is killed). */
const END_MS = 10_000;

/** A worker process as a host (worker-host.ts, bundled or through tsx). */
export class ProcessHost implements Host {
  readonly ready: Promise<void>;
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, { resolve(n: number): void; reject(e: Error): void }>();
  private gone?: Error;

  /**
   * `setup` may come later than the process: it loads its packages meanwhile (worker-host.ts), and the step
   * definitions once `support` is there.
   */
  constructor(
    file: string,
    execArgv: string[],
    cwd: string,
    setup: HostSetup | Promise<HostSetup>,
    onEnvelope: (e: Envelope) => void,
    support?: Promise<SupportSetup>,
  ) {
    this.child = fork(file, [], { cwd, execArgv, serialization: 'advanced', stdio: 'inherit' });
    let ready!: () => void;
    let notReady!: (e: Error) => void;
    this.ready = new Promise<void>((res, rej) => ((ready = res), (notReady = rej)));
    // A host that fails before it is asked for anything must not be an unhandled rejection.
    this.ready.catch(() => undefined);
    this.child.on('message', (r: HostReport) => {
      if (r.type === 'envelopes') for (const e of r.envelopes) onEnvelope(e);
      else if (r.type === 'ready') ready();
      else if (r.type === 'done') this.settle(r.slot, r.testCases);
      else if (r.slot !== undefined) this.settle(r.slot, new Error(r.message));
      else notReady(new Error(r.message));
    });
    this.child.on('exit', (code, signal) => {
      this.gone = new Error(`a worker process (pid ${this.child.pid}) ended (${signal ?? `exit code ${code}`})`);
      notReady(this.gone);
      for (const slot of [...this.pending.keys()]) this.settle(slot, this.gone);
    });
    this.child.on('error', (e) => notReady(e));
    support?.then(
      (s) => this.send({ type: 'support', support: s }),
      () => undefined,
    );
    Promise.resolve(setup).then(
      (s) => this.send({ type: 'setup', setup: s }),
      (e: Error) => notReady(e),
    );
  }

  get lost(): boolean {
    return !!this.gone;
  }

  private send(c: HostCommand): void {
    if (this.child.connected) this.child.send(c);
  }

  private settle(slot: number, r: number | Error): void {
    const p = this.pending.get(slot);
    this.pending.delete(slot);
    if (r instanceof Error) p?.reject(r);
    else p?.resolve(r);
  }

  run(slot: number, where: readonly string[]): Promise<number> {
    if (this.gone) return Promise.reject(this.gone);
    return new Promise<number>((resolve, reject) => {
      this.pending.set(slot, { resolve, reject });
      this.send({ type: 'run', slot, where: [...where] });
    });
  }

  async end(): Promise<void> {
    if (this.gone) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.send({ type: 'end' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), END_MS);
    await exited;
    clearTimeout(timer);
  }
}

/** A scenario the coordinator could not have run: its host failed, or it was not found. */
export interface Unrun {
  id: string;
  reason: string;
}

/** How long nothing may run while scenarios are left before the plan is taken to be stuck. */
const STUCK_MS = 90_000;
/** How often the coordinator asks again while nothing runs and the plan starts nothing. */
const RETRY_MS = 20;

/**
 * Runs the plan's scenarios in `slots` (slot id → its host) until none is left; a slot joins once its
 * host is ready. Resolves with the scenarios that could not be run (a host that failed loses its slots).
 */
export function coordinate(
  schedule: Schedule,
  slots: ReadonlyArray<{ id: number; host: Host }>,
  windowDir?: string,
  /** Told of each batch as its slot is given it. */
  onStarted?: (batch: readonly PlannedScenario[]) => void,
): Promise<Unrun[]> {
  const free: Array<{ id: number; host: Host }> = [];
  const running = new Map<number, PlannedScenario[]>();
  const unrun: Unrun[] = [];
  let dead = 0;
  let idleSince = Date.now();
  let timer: NodeJS.Timeout | undefined;
  return new Promise<Unrun[]>((resolve, reject) => {
    const pump = (): void => {
      if (timer) clearTimeout((timer = undefined));
      for (const slot of [...free]) {
        if (slot.host.lost) {
          free.splice(free.indexOf(slot), 1);
          lose(slot);
          continue;
        }
        // A batch is at most a fair share of what is left (half a slot's), so every slot has work to the end.
        const share = Math.ceil(schedule.left / (2 * slots.length));
        const batch = schedule.nextBatch(String(slot.id), [...running.values()].flat(), {
          ...BATCH,
          max: Math.max(1, Math.min(BATCH.max, share)),
        });
        if (!batch.length) continue;
        free.splice(free.indexOf(slot), 1);
        running.set(slot.id, batch);
        onStarted?.(batch);
        const ids = batch.map((p) => p.id);
        slot.host.run(slot.id, ids).then(
          (testCases) => {
            if (testCases < ids.length)
              unrun.push({ id: ids.join(', '), reason: `${ids.length - testCases} of these scenarios not found` });
            ended(slot);
          },
          (e: Error) => {
            unrun.push({ id: ids.join(', '), reason: e.message.split('\n')[0] });
            // The scenarios' markers in the clock window go with them, and the window one of them
            // wanted (their After hooks did not run).
            if (windowDir) for (const id of ids) abandon(windowDir, id);
            ended(slot);
          },
        );
      }
      if (running.size) idleSince = Date.now();
      if (!schedule.left && !running.size) return resolve(unrun);
      if (dead === slots.length)
        return reject(new Error(`every worker slot was lost: ${unrun.at(-1)?.reason ?? 'no host became ready'}`));
      if (!running.size && free.length) {
        if (Date.now() - idleSince > STUCK_MS)
          return reject(
            new Error(`the plan started nothing for ${STUCK_MS / 1000} s with ${schedule.left} scenarios left`),
          );
        timer = setTimeout(pump, RETRY_MS);
      }
    };
    const ended = (slot: { id: number; host: Host }): void => {
      running.delete(slot.id);
      if (slot.host.lost) lose(slot);
      else free.push(slot);
      pump();
    };
    // A lost slot's pinned scenarios may run on the others (schedule.ts pinScenarios).
    const lose = (slot: { id: number }): void => {
      dead++;
      schedule.release(String(slot.id));
    };
    for (const slot of slots)
      slot.host.ready.then(
        () => {
          free.push(slot);
          free.sort((a, b) => a.id - b.id);
          pump();
        },
        () => {
          lose(slot);
          pump();
        },
      );
  });
}
