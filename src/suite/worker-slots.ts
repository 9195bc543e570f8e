// Several cucumber workers ("slots") per worker process (worker-host.cjs), coordinator side.
//
// Cucumber's coordinator forks one process per worker and gives each one scenario at a time. While a
// run is under way, its fork is replaced: the workers it asks for become slots of `processes` host
// processes, slot i in host i mod processes, each slot answering as a worker of its own (messages
// carry the slot's id). The coordinator's scheduling (one scenario per worker, setParallelCanAssign)
// is unchanged; only the processes are fewer. --parallel 8 on two cores: two processes of four slots
// instead of eight processes, each paying its start-up and warming its own JIT.
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ChildProcess, ForkOptions } from 'node:child_process';
import { askingFor } from './schedule.ts';

const require = createRequire(import.meta.url);
const HOST = fileURLToPath(new URL('./worker-host.cjs', import.meta.url));

/** The slot's end of a host process, as cucumber's coordinator uses a worker process. */
class SlotChannel extends EventEmitter {
  constructor(
    private readonly host: ChildProcess,
    private readonly slot: string,
  ) {
    super();
    host.on('message', (m: { slot?: string; msg?: unknown }) => {
      if (m?.slot === slot) this.emit('message', m.msg);
    });
    host.on('close', (code: number | null) => this.emit('close', code));
    host.on('error', (e: Error) => this.emit('error', e));
  }

  send(msg: unknown): boolean {
    return this.host.send({ slot: this.slot, msg });
  }
}

/**
 * Runs `during` with cucumber's workers placed as slots of `processes` host processes. Cucumber's
 * coordinator forks through `require('node:child_process').fork` at each worker's start; it is put
 * back when `during` settles.
 */
export async function withWorkerSlots<T>(processes: number, during: () => Promise<T>): Promise<T> {
  const cp = require('node:child_process') as typeof import('node:child_process');
  const realFork = cp.fork;
  const restore = nameAskingWorker();
  const hosts = new Map<number, ChildProcess>();
  const fork = (_module: string, _args: readonly string[] = [], options: ForkOptions = {}): ChildProcess => {
    const slot = String(options.env?.CUCUMBER_WORKER_ID ?? '0');
    const index = Number(slot) % processes;
    let host = hosts.get(index);
    if (!host) {
      host = realFork(HOST, [], { ...options, env: { ...options.env, CUCUMBER_WORKER_ID: String(index) } });
      // Each slot listens for its messages and the host's end.
      host.setMaxListeners(0);
      hosts.set(index, host);
    }
    return new SlotChannel(host, slot) as unknown as ChildProcess;
  };
  cp.fork = fork as typeof cp.fork;
  try {
    return await during();
  } finally {
    cp.fork = realFork;
    restore();
  }
}

/** Cucumber's coordinator, where it gives a worker its next scenario. */
interface Adapter {
  giveWork(worker: { id: string }, force?: boolean): void;
}

/**
 * While a run is under way, the coordinator names the worker it looks for a scenario for
 * (schedule.ts askingFor: a group of scenarios stays on one worker). setParallelCanAssign is not told
 * which worker asks, so its search (giveWork, cucumber 12's ChildProcessAdapter) is wrapped. Where
 * cucumber no longer has it, nothing is named and the groups still run one at a time. Returns the undo.
 */
export function nameAskingWorker(): () => void {
  let proto: Adapter | undefined;
  try {
    proto = (
      require('@cucumber/cucumber/lib/runtime/parallel/adapter') as { ChildProcessAdapter?: { prototype: Adapter } }
    ).ChildProcessAdapter?.prototype;
  } catch {
    proto = undefined;
  }
  const real = proto?.giveWork;
  if (!proto || typeof real !== 'function') return () => undefined;
  proto.giveWork = function (this: Adapter, worker, force) {
    askingFor(worker?.id);
    try {
      return real.call(this, worker, force);
    } finally {
      askingFor(undefined);
    }
  };
  return () => {
    proto!.giveWork = real;
  };
}

/** Host processes for `workers` slots: one per core, never more than the workers. */
export function hostProcesses(workers: number, cores: number): number {
  return Math.max(1, Math.min(workers, cores));
}
