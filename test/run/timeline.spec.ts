// The run's timeline from the scenarios' start and end times.
import { describe, expect, it } from 'vitest';
import { formatTimeline, timeline } from '../../src/run/timeline.ts';
import type { ScenarioResult } from '../../src/report/verdict.ts';

const r = (worker: string, startedMs: number, endedMs: number, tags: string[] = []): ScenarioResult =>
  ({
    id: `f:${startedMs}`,
    name: 'x',
    uri: 'f',
    line: 1,
    tags,
    clauses: [],
    level: 'must',
    area: 'a',
    outcome: 'passed',
    durationMs: endedMs - startedMs,
    startedMs,
    endedMs,
    worker,
  }) as ScenarioResult;

describe('timeline', () => {
  it("measures the time a clock scenario ran alone, the workers' first starts and how busy they were", () => {
    const t = timeline([
      r('0', 0, 1000, ['@clock']),
      r('0', 1000, 2000, ['@clock']),
      r('1', 1500, 4000),
      r('0', 2000, 4000),
    ])!;
    expect(t).toEqual({
      workers: 2,
      spanMs: 4000,
      aloneMs: 1500,
      firstStartMs: { min: 0, max: 1500 },
      busy: 6500 / 6500,
    });
    expect(formatTimeline(t)).toBe(
      '2 workers over 4.0 s: a @clock or @alone scenario alone 1.5 s; first scenario of a worker at 0.0–1.5 s; workers busy 100 % of their time',
    );
  });

  // Fault that trips it: the span of the clock scenarios counted (2.5 s here) rather than the time no other ran beside
  // one.
  it('counts only the time a clock scenario had no other beside it', () => {
    const t = timeline([
      r('0', 0, 3000, ['@clock']),
      r('1', 500, 1000),
      r('1', 1000, 2500),
      r('1', 3000, 3500, ['@alone']),
    ])!;
    expect(t.aloneMs).toBe(500 + 500 + 500);
  });

  it('counts idle time (fault: a worker waiting between scenarios lowers busy)', () => {
    const t = timeline([r('0', 0, 1000), r('0', 3000, 4000), r('1', 0, 4000)])!;
    expect(t.busy).toBeCloseTo(6000 / 8000);
  });

  it('is undefined without times (results from an older results.json)', () => {
    expect(timeline([{ ...r('0', 0, 1), startedMs: undefined, endedMs: undefined }])).toBeUndefined();
  });
});
