// The console while a run is under way: how many scenarios have ended, by outcome. On a terminal one
// line rewritten in place, with a bar; elsewhere (CI logs) a line as each feature file's last planned
// scenario ends (in a parallel run, in the order they end), with the counts of the whole run so far.
import type { ScenarioResult } from '../report/verdict.ts';

export interface Progress {
  update(results: readonly ScenarioResult[]): void;
  end(): void;
}

/** The counts of `results` by outcome, as one line: `120/398 scenarios: 118 passed, 2 failed`. */
export function progressLine(results: readonly ScenarioResult[], total: number): string {
  return `${results.length}/${total} scenarios${countsOf(results)}`;
}

function countsOf(results: readonly ScenarioResult[]): string {
  const counts = new Map<string, number>();
  for (const r of results) {
    // A failed SHOULD is a warning, as the verdict will count it (verdict.ts).
    const outcome = r.level === 'should' && r.outcome === 'failed' ? 'warning' : r.outcome;
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  }
  const parts = [...counts].map(([k, n]) => `${n} ${k}${k === 'warning' && n > 1 ? 's' : ''}`);
  return parts.length ? `: ${parts.join(', ')}` : '';
}

/** The width of the terminal's bar, in characters. */
const BAR = 24;

/** `[#########...............]`: the share of `done` in `total`. */
export function bar(done: number, total: number): string {
  const full = Math.round((BAR * Math.min(done, total)) / Math.max(1, total));
  return `[${'#'.repeat(full)}${'.'.repeat(BAR - full)}]`;
}

/**
 * The run's progress on `out`; `planned` is how many scenarios each feature file has in the run (its
 * `uri`, as results give it).
 */
export function progress(planned: ReadonlyMap<string, number>, out: NodeJS.WriteStream): Progress {
  const tty = !!out.isTTY;
  const total = [...planned.values()].reduce((a, n) => a + n, 0);
  /** The ended scenarios of each feature file. */
  const ended = new Map<string, ScenarioResult[]>();
  let seen = 0;
  let width = 0;
  return {
    update(results) {
      if (tty) {
        const line = `${bar(results.length, total)} ${progressLine(results, total)}`;
        out.write(`\r${line.padEnd(width)}`);
        width = line.length;
        return;
      }
      for (; seen < results.length; seen++) {
        const r = results[seen];
        const of = ended.get(r.uri) ?? [];
        of.push(r);
        ended.set(r.uri, of);
        if (of.length === planned.get(r.uri))
          out.write(`${r.uri}${countsOf(of)} (${progressLine(results.slice(0, seen + 1), total)})\n`);
      }
    },
    end() {
      if (tty && width) out.write('\n');
    },
  };
}
