// The console while a run is under way. In a CI log: one line per feature file, as its last planned
// scenario ends (in a parallel run, in the order they end), with the counts so far; on a terminal one
// line rewritten in place with a bar. The first line says what the run is about to do.
// Trips on: a line per scenario (a 400-line log), a feature announced before its last scenario ended,
// the bar not full at the end, the start line without the target, driver or workers.
import { describe, expect, it } from 'vitest';
import { bar, progress } from '../../src/run/progress.ts';
import { startLine } from '../../src/run/run.ts';
import type { ScenarioResult } from '../../src/report/verdict.ts';
import type { Profile } from '../../src/session/profile.ts';
import type { RunContext } from '../../src/session/run-context.ts';

const result = (
  uri: string,
  line: number,
  outcome: ScenarioResult['outcome'] = 'passed',
  level: ScenarioResult['level'] = 'must',
) => ({ id: `${uri}:${line}`, uri, line, outcome, level }) as ScenarioResult;

function console_(isTTY: boolean) {
  const written: string[] = [];
  return { written, out: { isTTY, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream };
}

describe('progress', () => {
  const planned = new Map([
    ['features/a.feature', 2],
    ['features/b.feature', 1],
  ]);
  const ended = [
    result('features/a.feature', 3),
    result('features/b.feature', 5, 'failed'),
    result('features/a.feature', 9),
  ];

  it('in a log: a line per feature as its last scenario ends, with the counts so far', () => {
    const { written, out } = console_(false);
    const p = progress(planned, out);
    for (let i = 1; i <= ended.length; i++) p.update(ended.slice(0, i));
    p.end();
    expect(written).toEqual([
      'features/b.feature: 1 failed (2/3 scenarios: 1 passed, 1 failed)\n',
      'features/a.feature: 2 passed (3/3 scenarios: 2 passed, 1 failed)\n',
    ]);
  });

  it('in a log, several scenarios ended between two updates: each feature still once', () => {
    const { written, out } = console_(false);
    progress(planned, out).update(ended);
    expect(written.map((l) => l.split(':')[0])).toEqual(['features/b.feature', 'features/a.feature']);
  });

  it('counts a failed SHOULD as the warning the verdict will make it', () => {
    const { written, out } = console_(false);
    progress(new Map([['features/c.feature', 2]]), out).update([
      result('features/c.feature', 1, 'failed', 'should'),
      result('features/c.feature', 2, 'failed', 'should'),
    ]);
    expect(written).toEqual(['features/c.feature: 2 warnings (2/2 scenarios: 2 warnings)\n']);
  });

  it('on a terminal: one line rewritten in place, with a bar', () => {
    const { written, out } = console_(true);
    const p = progress(planned, out);
    for (let i = 1; i <= ended.length; i++) p.update(ended.slice(0, i));
    p.end();
    expect(written.every((w, i) => (i < written.length - 1 ? w.startsWith('\r[') : w === '\n'))).toBe(true);
    expect(written.at(-2)).toMatch(/^\r\[#{24}\] 3\/3 scenarios: 2 passed, 1 failed/);
    expect(bar(1, 3)).toBe(`[${'#'.repeat(8)}${'.'.repeat(16)}]`);
  });

  it('the first line: the target, the faults, the SCA driver, the workers', () => {
    const p = { sca: { driver: 'browser' } } as Profile;
    expect(
      startLine({ embedded: true } as RunContext, p, { dialect: 'variant', faults: ['x'], workers: 4, processes: 2 }),
    ).toBe(
      'xs2a-conformance: the embedded reference bank (variant dialect) with faults x · SCA driver browser · 4 workers in 2 processes',
    );
    expect(startLine({ targetUrl: 'https://bank.test/' } as RunContext, p, { workers: 1, processes: 1 })).toBe(
      'xs2a-conformance: https://bank.test/ · SCA driver browser · 1 worker',
    );
  });
});
