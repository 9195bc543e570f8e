// One WorkerState per worker slot (worker-state.ts): what a slot keeps across its scenarios. Faults that
// trip it: a pool, a breaker or the scenario's tags kept once per process (two slots of one process
// would take each other's sandbox accounts, stop for each other's refusals, judge a set-up failure by
// the other's operation), and an initialised sandbox that leaves a slot's pool or customer behind.
import { describe, expect, it } from 'vitest';
import { forgetSandboxData, workerState } from '../../src/session/worker-state.ts';

const guard = { breaker: 2, stopFile: '/nonexistent/xs2a-worker-state-stop' };

describe('worker state', () => {
  it('keeps pools, breakers and the scenario apart per slot', () => {
    const a = workerState(801);
    const b = workerState(802);
    expect(workerState(801)).toBe(a);
    a.pools.set('account', [1, 2]);
    expect(b.pools.has('account')).toBe(false);
    expect(a.breaker(guard)).toBe(a.breaker(guard));
    expect(a.breaker(guard)).not.toBe(b.breaker(guard));
    a.scenario = { op: 'create-consent', clauses: new Set(['consents.create']) };
    expect(b.scenario.op).toBeUndefined();
  });

  it('forgets every slot’s pools and sandbox customers once the sandbox is initialised', () => {
    workerState(803).pools.set('card', [1]);
    workerState(804).sandboxCustomers.set('run', 'c-1');
    forgetSandboxData();
    expect(workerState(803).pools.size).toBe(0);
    expect(workerState(804).sandboxCustomers.size).toBe(0);
  });
});
