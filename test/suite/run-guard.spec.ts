// The run's deadline and dead-target breaker, as pure logic (the end-to-end runs are in conformance-run).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Breaker, parseDuration, stopReason } from '../../src/suite/run-guard.ts';

const stopFile = () => join(mkdtempSync(join(tmpdir(), 'xs2a-guard-')), 'stop');

describe('run guards', () => {
  it('parses durations', () => {
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('45')).toBe(45_000);
    for (const bad of ['', 'm', '15x', '-5m', '0s']) expect(parseDuration(bad), bad).toBeUndefined();
  });

  it('stops scenarios after the deadline, not before', () => {
    const g = { deadlineAt: 1_000, breaker: 10, stopFile: stopFile() };
    expect(stopReason(g, 999)).toBeUndefined();
    expect(stopReason(g, 1_001)?.kind).toBe('deadline');
  });

  it('trips after N consecutive timeouts or refusals; an answer in between resets the count; resets do not count', () => {
    const g = { breaker: 3, stopFile: stopFile() };
    const b = new Breaker(g);
    const t = { answered: false as const, code: 'TIMEOUT', message: 'no answer in time' };
    b.record(t);
    b.record(t);
    b.record({ answered: true });
    b.record(t);
    b.record({ answered: false, code: 'CONNECTION_RESET', message: 'reset' });
    b.record(t);
    expect(existsSync(g.stopFile)).toBe(false);
    b.record({ answered: false, code: 'CONNECTION_REFUSED', message: 'connection refused' });
    expect(existsSync(g.stopFile)).toBe(true);
    expect(readFileSync(g.stopFile, 'utf8')).toMatch(/3 consecutive requests timed out or were refused/);
    expect(stopReason(g)?.kind).toBe('dead-target');
  });

  it('never trips with breaker 0', () => {
    const g = { breaker: 0, stopFile: stopFile() };
    const b = new Breaker(g);
    for (let i = 0; i < 50; i++) b.record({ answered: false, code: 'TIMEOUT', message: 'x' });
    expect(existsSync(g.stopFile)).toBe(false);
  });
});
