// The workers after the first wait for its sign before loading the steps (at most 5 s).
//
// When the run has scenarios that move the target's clock, they run alone and first (src/suite/
// schedule.ts). The first worker then loads alone and starts them while the others load: loading the
// suite costs each worker CPU, and loading all at once would delay every worker's first scenario by
// the sum. Plain JavaScript: a worker of a bundled run loads it without tsx (src/suite/steps-bundle.ts).
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const worker = process.env.CUCUMBER_WORKER_ID;
let ready;
try {
  ready = JSON.parse(process.env.XS2A_RUN ?? '{}').firstWorkerReady;
} catch {
  ready = undefined;
}
if (ready && worker !== undefined && worker !== '0') {
  for (let waited = 0; waited < 5000 && !existsSync(ready); waited += 25) await sleep(25);
}
