// The run's deadline and dead-target breaker, as pure logic (the end-to-end runs are in conformance-run).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Breaker, parseDuration, stopReason } from '../../src/session/run-guard.ts';
import { readResults } from '../helpers/results.ts';

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

// End to end through the CLI: a target that accepts connections and never answers, and a deadline.
describe('run guards, end to end', () => {
  it('a target that stops answering ends the run early: the rest is not run, exit 3', async () => {
    const { createServer } = await import('node:http');
    const { cliAsync } = await import('../helpers/cli.ts');
    const server = createServer((req, res) => {
      if (req.url === '/') return res.end('ok'); // the reachability probe answers; nothing else does
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-breaker-'));
    const started = Date.now();
    try {
      const r = await cliAsync(
        [
          'run',
          '--target',
          `http://127.0.0.1:${port}`,
          '--timeout',
          '300',
          '--breaker',
          '3',
          '--parallel',
          '0',
          '--tags',
          '@area:accounts',
          '--no-report',
          '--report-dir',
          dir,
        ],
        120_000,
      );
      const results = readResults(dir);
      const notRun = results.filter((x) => x.outcome === 'not-run');
      expect(r.code, r.stdout.slice(-600)).toBe(3);
      expect(notRun.length).toBeGreaterThan(results.length / 2);
      expect(notRun[0].reason).toMatch(
        /the target stopped answering: 3 consecutive requests timed out or were refused/,
      );
      expect(results.some((x) => x.outcome === 'passed')).toBe(false);
      expect(readFileSync(join(dir, 'summary.txt'), 'utf8')).toMatch(
        /VERDICT: INCOMPLETE: the target stopped answering/,
      );
      expect(Date.now() - started).toBeLessThan(60_000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }, 120_000);

  it('past the deadline the scenarios still waiting are not run (never passed), the reports are written, exit 4', async () => {
    const { cliAsync } = await import('../helpers/cli.ts');
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-deadline-'));
    const r = await cliAsync(
      // Long enough for the start (about 3 s on two busy cores) and a first scenario, not for the whole run.
      ['run', '--deadline', '6s', '--parallel', '0', '--no-report', '--report-dir', dir],
      120_000,
    );
    const results = readResults(dir);
    expect(r.code).toBe(4);
    expect(results.filter((x) => x.outcome === 'passed').length).toBeGreaterThan(0);
    expect(results.filter((x) => x.outcome === 'not-run').length).toBeGreaterThan(0);
    expect(results.filter((x) => x.outcome === 'failed')).toEqual([]);
    expect(results.find((x) => x.outcome === 'not-run')?.reason).toMatch(/deadline passed/);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toMatch(
      /<skipped message="not run: the run&apos;s deadline passed|<skipped message="not run: the run's deadline passed/,
    );
  }, 120_000);
});

// Done when: `--deadline 5s` against a bank that answers each request in 3 s ends within
// about 5 s plus the per-request timeout: a scenario running when the deadline passes stops before its
// next request (not run, never failed), the reports are written. Fault that trips it: a guard asked
// only when a scenario starts (the running scenario then goes on sending for 3 s a request).
describe('the deadline against a slow bank', () => {
  it('--deadline 5s with 3 s answers ends within about 5 s plus the per-request timeout, reports written, exit 4', async () => {
    const { startBank } = await import('../../src/bank/index.ts');
    const { delayProxy } = await import('../../bench/delay-proxy.ts');
    const { cliAsync } = await import('../helpers/cli.ts');
    const bank = await startBank({ host: '127.0.0.1', port: 0, mode: 'test' });
    const slow = await delayProxy(new URL(bank.url), 0, 3_000);
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-slow-deadline-'));
    const started = Date.now();
    try {
      const r = await cliAsync(
        [
          'run',
          '--target',
          slow.url,
          '--deadline',
          '5s',
          '--timeout',
          '4000',
          '--parallel',
          '0',
          '--no-report',
          '--report-dir',
          dir,
        ],
        120_000,
      );
      const wall = Date.now() - started;
      const results = readResults(dir);
      expect(r.code, r.stdout.slice(-600)).toBe(4);
      // 5 s deadline + 4 s per-request timeout + the CLI start and the report writing.
      expect(wall).toBeLessThan(15_000); // measured: 9.9 s; 18.1 s with the guard asked only at scenario start
      expect(results.filter((x) => x.outcome === 'failed')).toEqual([]);
      expect(results.filter((x) => x.outcome === 'not-run').length).toBeGreaterThan(results.length - 3);
      expect(existsSync(join(dir, 'junit.xml')) && existsSync(join(dir, 'summary.txt'))).toBe(true);
    } finally {
      slow.close();
      await bank.close();
    }
  }, 120_000);
});
