// A worker process that runs several of cucumber's workers ("slots") at a time (worker-slots.ts).
//
// Cucumber's own worker process runs one scenario at a time, so a run across the internet needs many
// processes to keep busy while they wait for answers, and each costs start-up CPU and warms its own
// JIT. This process loads the steps once and runs one scenario per slot concurrently. The coordinator
// sees one cucumber worker per slot (its messages carry the slot's id); the step code reads its slot
// from an AsyncLocalStorage on the global object (read by workerIndex, src/session/psu-pool.ts), so each slot acts for
// its own PSU exactly as a worker process would. BeforeAll and AfterAll hooks run once per process.
// Plain JavaScript: a bundled run's workers load no TypeScript loader.
'use strict';
const { AsyncLocalStorage } = require('node:async_hooks');
const { ChildProcessWorker } = require('@cucumber/cucumber/lib/runtime/parallel/worker');
const { Worker } = require('@cucumber/cucumber/lib/runtime/worker');

// Cucumber listens for uncaught exceptions once per running step: once per slot here.
process.setMaxListeners(0);

const SLOT = Symbol.for('xs2a-conformance.worker-slot');
const slots = new AsyncLocalStorage();
globalThis[SLOT] = slots;

/** The cucumber worker of each slot, by its id. */
const workers = new Map();
/** The slot whose worker loaded the steps; the others share its support code library. */
let loaded;
let finalized = 0;

function exit(code, error, message) {
  if (error) console.error(new Error(message, { cause: error }));
  process.exit(code);
}

async function handle(slot, command) {
  switch (command.type) {
    case 'INITIALIZE': {
      const w = new ChildProcessWorker({
        cwd: process.cwd(),
        id: slot,
        exit,
        sendMessage: (msg) => process.send({ slot, msg }),
      });
      workers.set(slot, w);
      if (!loaded) {
        loaded = w.initialize(command).then(() => w);
        await loaded;
        return;
      }
      const first = await loaded;
      w.supportCodeLibrary = first.supportCodeLibrary;
      w.options = command.options;
      w.worker = new Worker(
        command.testRunStartedId,
        slot,
        w.eventBroadcaster,
        w.newId,
        command.options,
        first.supportCodeLibrary,
        first.worker.snippetBuilder,
      );
      w.sendMessage({ type: 'READY' });
      return;
    }
    case 'RUN':
      await slots.run(Number(slot), () => workers.get(slot).runTestCase(command));
      return;
    case 'FINALIZE':
      if (++finalized < workers.size) return;
      await (await loaded).worker.runAfterAllHooks();
      exit(0);
      return;
    default:
      throw new Error(`unexpected command for slot ${slot}: ${JSON.stringify(command).slice(0, 200)}`);
  }
}

process.on('message', (m) => {
  handle(m.slot, m.msg).catch((error) => exit(1, error, 'Unexpected error on worker.receiveMessage'));
});
