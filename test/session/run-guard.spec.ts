// The stop file is looked for before every request of every worker; another process's is seen within
// STOP_LOOK_MS, this process's own Breaker's at once.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { Breaker, STOP_LOOK_MS, stopReason } from '../../src/session/run-guard.ts';

const stopFile = () => join(mkdtempSync(join(tmpdir(), 'xs2a-guard-')), 'stop');
afterEach(() => vi.useRealTimers());

// Faults that trip it: a stop file looked for at every check (found before STOP_LOOK_MS have
// passed), and an absence kept for good (never found).
it("sees another process's stop file once STOP_LOOK_MS have passed, not sooner", () => {
  vi.useFakeTimers({ toFake: ['performance'] });
  const g = { breaker: 10, stopFile: stopFile() };
  expect(stopReason(g)).toBeUndefined();
  writeFileSync(g.stopFile, 'the target stopped answering: another worker');
  vi.advanceTimersByTime(STOP_LOOK_MS - 1);
  expect(stopReason(g)).toBeUndefined();
  vi.advanceTimersByTime(1);
  expect(stopReason(g)).toEqual({ kind: 'dead-target', message: 'the target stopped answering: another worker' });
});

// Fault that trips it: the Breaker's own write not taken as the stop file being there.
it("sees its own Breaker's stop file at once", () => {
  vi.useFakeTimers({ toFake: ['performance'] });
  const g = { breaker: 1, stopFile: stopFile() };
  expect(stopReason(g)).toBeUndefined();
  new Breaker(g).record({ answered: false, code: 'TIMEOUT', message: 'no answer' });
  expect(stopReason(g)?.kind).toBe('dead-target');
});

// Fault that trips it: one run's absent stop file taken for another run's.
it('looks for a stop file of another path at once', () => {
  vi.useFakeTimers({ toFake: ['performance'] });
  const a = { breaker: 10, stopFile: stopFile() };
  const b = { breaker: 10, stopFile: stopFile() };
  expect(stopReason(a)).toBeUndefined();
  writeFileSync(b.stopFile, 'stop');
  expect(stopReason(b)?.kind).toBe('dead-target');
});
