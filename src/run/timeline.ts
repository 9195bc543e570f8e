// Where a run's wall time went, from the scenarios' start and end times (results.json startedMs,
// endedMs, worker): how long a @clock or @alone scenario ran with no other beside it, when each worker started its
// first
// scenario (its load), and how busy the workers were. bench:latency prints it; a CI maintainer can
// read the same fields to choose --parallel and --shard.
import type { ScenarioResult } from '../report/verdict.ts';
import { ALONE_TAG, CLOCK_TAG } from '../suite/tags.ts';

export interface Timeline {
  /** Workers that ran at least one scenario. */
  workers: number;
  /** From the run's start to the last scenario's end (ms). */
  spanMs: number;
  /** How long a @clock or @alone scenario was the only one running (a clock window, the sandbox's wipe). */
  aloneMs: number;
  /** The earliest and latest first scenario of a worker (ms from the run's start). */
  firstStartMs: { min: number; max: number };
  /** Scenario time over the workers' time from their first start to the run's end (0–1). */
  busy: number;
}

export function timeline(results: readonly ScenarioResult[]): Timeline | undefined {
  const timed = results.filter((r) => r.startedMs !== undefined && r.endedMs !== undefined);
  if (!timed.length) return undefined;
  const spanMs = Math.max(...timed.map((r) => r.endedMs!));
  const aloneMs = timeAlone(timed);
  const firsts = new Map<string, number>();
  for (const r of timed) {
    const w = r.worker ?? '0';
    firsts.set(w, Math.min(firsts.get(w) ?? Infinity, r.startedMs!));
  }
  const starts = [...firsts.values()];
  const available = starts.reduce((a, s) => a + (spanMs - s), 0);
  const used = timed.reduce((a, r) => a + (r.endedMs! - r.startedMs!), 0);
  return {
    workers: firsts.size,
    spanMs,
    aloneMs,
    firstStartMs: { min: Math.min(...starts), max: Math.max(...starts) },
    busy: available > 0 ? Math.min(1, used / available) : 0,
  };
}

/** The time in which a @clock or @alone scenario was the only scenario running. */
function timeAlone(timed: readonly ScenarioResult[]): number {
  const solo = (r: ScenarioResult) => r.tags.includes(CLOCK_TAG) || r.tags.includes(ALONE_TAG);
  const events = timed.flatMap((r) => [
    { at: r.startedMs!, d: 1, solo: solo(r) },
    { at: r.endedMs!, d: -1, solo: solo(r) },
  ]);
  // Ends before starts at the same instant: a scenario that ends as the next starts is not beside it.
  events.sort((a, b) => a.at - b.at || a.d - b.d);
  let running = 0;
  let soloRunning = 0;
  let ms = 0;
  for (const [i, e] of events.entries()) {
    running += e.d;
    if (e.solo) soloRunning += e.d;
    const next = events[i + 1];
    if (next && running === 1 && soloRunning === 1) ms += next.at - e.at;
  }
  return ms;
}

export function formatTimeline(t: Timeline): string {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return `${t.workers} workers over ${s(t.spanMs)} s: a @clock or @alone scenario alone ${s(t.aloneMs)} s; first scenario of a worker at ${s(t.firstStartMs.min)}–${s(t.firstStartMs.max)} s; workers busy ${(t.busy * 100).toFixed(0)} % of their time`;
}
