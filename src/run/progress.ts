// The console while a run is under way: how many scenarios have ended, by outcome. On a terminal one
// line rewritten in place; elsewhere (CI logs) a line at each tenth of the run.
import type { ScenarioResult } from '../report/verdict.ts';

export interface Progress {
  update(results: readonly ScenarioResult[]): void;
  end(): void;
}

/** The counts of `results` by outcome, as one line: `120/398 scenarios: 118 passed, 2 failed`. */
export function progressLine(results: readonly ScenarioResult[], total: number): string {
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
  const parts = [...counts].map(([k, n]) => `${n} ${k}`);
  return `${results.length}/${total} scenarios${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

export function progress(total: number, out: NodeJS.WriteStream): Progress {
  const tty = !!out.isTTY;
  let shown = 0;
  let width = 0;
  return {
    update(results) {
      const line = progressLine(results, total);
      if (tty) {
        out.write(`\r${line.padEnd(width)}`);
        width = line.length;
        return;
      }
      const tenth = Math.floor((results.length * 10) / Math.max(1, total));
      if (tenth > shown) {
        shown = tenth;
        out.write(`${line}\n`);
      }
    },
    end() {
      if (tty && width) out.write('\n');
    },
  };
}
