// One run split over CI runners: `run --shard i/n` runs a deterministic, balanced
// part of the scenarios; `merge` joins the parts into one verdict. The split is keyed by scenario
// location (feature file and line, stable across machines) and balanced by a table of durations
// shipped in fixtures/ (`run --record-durations` refreshes it): the longest scenarios are placed
// first, each on the shard with the least work so far.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface Shard {
  index: number;
  count: number;
}

/** "2/3" → { index: 2, count: 3 }; undefined when not i/n with 1 ≤ i ≤ n. */
export function parseShard(text: string): Shard | undefined {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return undefined;
  const [index, count] = [Number(m[1]), Number(m[2])];
  return index >= 1 && count >= 1 && index <= count ? { index, count } : undefined;
}

/** Milliseconds a scenario takes when the table does not know it. */
export const DEFAULT_DURATION_MS = 100;

/** The durations table: scenario location → ms. */
export function readDurations(file: string): Record<string, number> {
  if (!existsSync(file)) return {};
  try {
    const j = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(j).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] >= 0),
    );
  } catch {
    return {};
  }
}

export function writeDurations(file: string, results: Array<{ uri: string; line: number; durationMs: number }>): void {
  const table = Object.fromEntries(
    results.map((r) => [`${r.uri}:${r.line}`, Math.round(r.durationMs)]).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  writeFileSync(file, JSON.stringify(table, null, 1) + '\n');
}

/** Assigns every location to exactly one shard (1-based), longest first onto the least loaded; ties by location. */
export function assignShards(
  wheres: readonly string[],
  count: number,
  durations: Record<string, number>,
): Map<string, number> {
  const unique = [...new Set(wheres)];
  const weight = (w: string) => durations[w] ?? DEFAULT_DURATION_MS;
  unique.sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : a > b ? 1 : 0));
  const load = Array.from({ length: count }, () => 0);
  const out = new Map<string, number>();
  for (const w of unique) {
    let best = 0;
    for (let i = 1; i < count; i++) if (load[i] < load[best]) best = i;
    load[best] += weight(w);
    out.set(w, best + 1);
  }
  return out;
}

/** The locations of one shard. */
export function shardOf(wheres: readonly string[], shard: Shard, durations: Record<string, number>): string[] {
  const a = assignShards(wheres, shard.count, durations);
  return [...new Set(wheres)].filter((w) => a.get(w) === shard.index);
}

/** Cucumber paths for a set of scenario locations: one `file:line:line…` per feature file. */
export function cucumberPaths(wheres: readonly string[]): string[] {
  const byFile = new Map<string, number[]>();
  for (const w of wheres) {
    const i = w.lastIndexOf(':');
    const file = w.slice(0, i);
    byFile.set(file, [...(byFile.get(file) ?? []), Number(w.slice(i + 1))]);
  }
  return [...byFile].map(([file, lines]) => `${file}:${[...new Set(lines)].sort((a, b) => a - b).join(':')}`);
}
