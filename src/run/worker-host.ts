// A worker process of a parallel run: a scenario host (scenario-host.ts) that the run's coordinator
// (coordinator.ts) drives by messages. It may get the step definitions' coordinates first ("support")
// and loads them; it gets the run's inputs once ("setup"), loads the step definitions (unless loaded),
// answers "ready", then runs each scenario it is given in the named worker slot ("run",
// answered by its messages and "done"), several slots at a time, until "end".
//
// Bundled with esbuild for the run (steps-bundle.ts), so that it loads without tsx.
import type { Envelope } from '@cucumber/messages';
import { loadSupportOnce, ScenarioHost, type HostSetup, type SupportSetup } from './scenario-host.ts';

export type HostCommand =
  | { type: 'support'; support: SupportSetup }
  | { type: 'setup'; setup: HostSetup }
  | { type: 'run'; slot: number; where: string[] }
  | { type: 'end' };

export type HostReport =
  | { type: 'ready' }
  | { type: 'envelopes'; envelopes: Envelope[] }
  | { type: 'done'; slot: number; testCases: number }
  | { type: 'failed'; slot?: number; message: string };

// The packages the host loads (scenario-host.ts load) start loading now, while the run makes its plan
// and before it sends the setup: the process's start-up is then beside the plan, not after it.
const preloaded = Promise.all([
  import('@cucumber/cucumber/api'),
  import('@cucumber/cucumber'),
  import('allure-cucumberjs/reporter'),
]).catch(() => undefined);

// Cucumber listens for uncaught exceptions once per running step: once per slot here.
process.setMaxListeners(0);

let host: ScenarioHost | undefined;

const send = (r: HostReport): Promise<void> =>
  new Promise((resolve) => (process.send ? process.send(r, undefined, {}, () => resolve()) : resolve()));

/**
 * The messages of the scenarios, sent together once the running ones have yielded (one message, not
 * one for each of a scenario's twenty-odd envelopes: each costs a write and a parse), in order, and
 * always before the report that follows them.
 */
let pending: Envelope[] | undefined;
const flush = (): Promise<void> => {
  const p = pending;
  pending = undefined;
  return p ? send({ type: 'envelopes', envelopes: p }) : Promise.resolve();
};
const queue = (_slot: number, envelope: Envelope): void => {
  if (!pending) {
    pending = [];
    setImmediate(() => void flush());
  }
  pending.push(envelope);
};
const report = async (r: HostReport): Promise<void> => {
  await flush();
  await send(r);
};

async function handle(c: HostCommand): Promise<void> {
  switch (c.type) {
    case 'support':
      // The step definitions, before the setup (which finds them loaded): a failure here is the setup's.
      await preloaded;
      await loadSupportOnce(c.support).catch(() => undefined);
      return;
    case 'setup':
      await preloaded;
      host = new ScenarioHost(c.setup, queue);
      await host.load();
      await report({ type: 'ready' });
      return;
    case 'run': {
      if (!host) throw new Error('run before setup');
      const testCases = await host.run(c.slot, c.where);
      await report({ type: 'done', slot: c.slot, testCases });
      return;
    }
    case 'end':
      await host?.end();
      process.disconnect?.();
      return;
  }
}

process.on('message', (c: HostCommand) => {
  handle(c).catch(async (e: unknown) => {
    const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
    await report({ type: 'failed', slot: c.type === 'run' ? c.slot : undefined, message });
    if (c.type !== 'run') process.exit(1);
  });
});
// The coordinator gone: nothing more to run.
process.on('disconnect', () => process.exit(0));
