// Where a run's wall time went, from the scenarios' start and end times (results.json startedMs,
// endedMs, worker): how long the @clock scenarios ran alone, when each worker started its first
// scenario (its load), and how busy the workers were. bench:latency prints it; a CI maintainer can
// read the same fields to choose --parallel and --shard.
import type { ScenarioResult } from './verdict.ts';

export interface Timeline {
  /** Workers that ran at least one scenario. */
  workers: number;
  /** From the run's start to the last scenario's end (ms). */
  spanMs: number;
  /** The @clock scenarios' span (they run alone and first), 0 without them. */
  clockPhaseMs: number;
  /** The earliest and latest first scenario of a worker (ms from the run's start). */
  firstStartMs: { min: number; max: number };
  /** Scenario time over the workers' time from their first start to the run's end (0–1). */
  busy: number;
}

export function timeline(results: readonly ScenarioResult[]): Timeline | undefined {
  const timed = results.filter((r) => r.startedMs !== undefined && r.endedMs !== undefined);
  if (!timed.length) return undefined;
  const spanMs = Math.max(...timed.map((r) => r.endedMs!));
  const clock = timed.filter((r) => r.tags.includes('@clock'));
  const clockPhaseMs = clock.length ? Math.max(...clock.map((r) => r.endedMs!)) - Math.min(...clock.map((r) => r.startedMs!)) : 0;
  const firsts = new Map<string, number>();
  for (const r of timed) {
    const w = r.worker ?? '0';
    firsts.set(w, Math.min(firsts.get(w) ?? Infinity, r.startedMs!));
  }
  const starts = [...firsts.values()];
  const available = starts.reduce((a, s) => a + (spanMs - s), 0);
  const used = timed.reduce((a, r) => a + (r.endedMs! - r.startedMs!), 0);
  return { workers: firsts.size, spanMs, clockPhaseMs, firstStartMs: { min: Math.min(...starts), max: Math.max(...starts) }, busy: available > 0 ? Math.min(1, used / available) : 0 };
}

export function formatTimeline(t: Timeline): string {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return `${t.workers} workers over ${s(t.spanMs)} s: @clock scenarios alone ${s(t.clockPhaseMs)} s; first scenario of a worker at ${s(t.firstStartMs.min)}–${s(t.firstStartMs.max)} s; workers busy ${(t.busy * 100).toFixed(0)} % of their time`;
}
