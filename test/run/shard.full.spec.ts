// A run split over CI runners: the shards cover every scenario exactly once, stably and balanced;
// merge gives the unsharded run's counts and verdict, with one JUnit file and one Allure folder.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../src/report/coverage.ts';
import { assignShards, parseShard, shardOf } from '../../src/run/shard.ts';
import { cliAsync, ROOT } from '../helpers/cli.ts';

describe('shards', () => {
  it('parses i/n', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of ['0/3', '4/3', '3', 'a/b', '1/0']) expect(parseShard(bad), bad).toBeUndefined();
  });

  it('puts every scenario in exactly one shard, the same way every time, balanced by the durations', () => {
    const wheres = scenarios(ROOT).map((s) => s.where);
    const durations = Object.fromEntries(wheres.map((w, i) => [w, (i * 37) % 500]));
    const parts = [1, 2, 3].map((index) => shardOf(wheres, { index, count: 3 }, durations));
    expect(parts.flat().sort()).toEqual([...new Set(wheres)].sort());
    expect(new Set(parts.flat()).size).toBe(parts.flat().length);
    // Stable: the input's order does not matter (each CI runner lists the files its own way).
    expect(new Set(shardOf([...wheres].reverse(), { index: 2, count: 3 }, durations))).toEqual(new Set(parts[1]));
    const load = parts.map((p) => p.reduce((s, w) => s + durations[w], 0));
    expect(Math.max(...load) / Math.min(...load)).toBeLessThan(1.05);
    const a = assignShards(['x:1', 'y:2'], 3, {});
    expect([...a.values()].sort()).toEqual([1, 2]);
  });

  it('3 shards run every scenario once; merge gives the unsharded counts, verdict and exit code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-shard-'));
    const common = ['--no-report', '--faults', 'basket-size-11', '--tags', '@area:signing-baskets or @area:versioning'];
    const whole = await cliAsync(['run', ...common, '--report-dir', join(dir, 'whole')], 240_000);
    const parts = await Promise.all(
      [1, 2, 3].map((i) =>
        cliAsync(['run', ...common, '--shard', `${i}/3`, '--report-dir', join(dir, `s${i}`)], 240_000),
      ),
    );
    const read = (d: string) => JSON.parse(readFileSync(join(dir, d, 'results.json'), 'utf8'));
    const ran = [1, 2, 3].flatMap((i) =>
      read(`s${i}`).results.map((r: { uri: string; line: number; name: string }) => `${r.uri}:${r.line} ${r.name}`),
    );
    const all = read('whole').results.map(
      (r: { uri: string; line: number; name: string }) => `${r.uri}:${r.line} ${r.name}`,
    );
    expect(ran.slice().sort()).toEqual(all.slice().sort());
    expect(parts.some((p) => p.code === 1)).toBe(true);
    const m = await cliAsync(
      ['merge', join(dir, 's1'), join(dir, 's2'), join(dir, 's3'), '--no-report', '--report-dir', join(dir, 'merged')],
      120_000,
    );
    expect(m.code).toBe(whole.code);
    expect(whole.code).toBe(1);
    expect(read('merged').counts).toEqual(read('whole').counts);
    expect(readFileSync(join(dir, 'merged', 'junit.xml'), 'utf8')).toMatch(
      new RegExp(`<testsuites name="xs2a-conformance" tests="${all.length}"`),
    );
    const allure = readdirSync(join(dir, 'merged', 'allure-results')).filter((f) => f.endsWith('-result.json'));
    expect(allure.length).toBe(all.length);
  }, 300_000);
});
