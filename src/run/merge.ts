// `merge`: the parts of a sharded run (`run --shard i/n` on several CI runners) joined into one
// results.json, junit.xml, summary.txt and Allure results folder (and report), with one verdict and
// one exit code for the whole run. Waivers are judged on the whole when the profile is given.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toJUnit } from '../report/junit.ts';
import type { Waiver } from '../session/profile.ts';
import { finishAllureResults } from '../report/report.ts';
import { formatSummary } from '../report/summary.ts';
import { applyWaivers, type ScenarioResult, type Verdict } from '../report/verdict.ts';
import { CLAUSE_PAGE } from '../suite/outcomes.ts';
import { MergeInputError } from './errors.ts';

interface ShardResults {
  target: string;
  wallMs: number;
  results: ScenarioResult[];
}

function readShard(dir: string): ShardResults {
  const file = join(dir, 'results.json');
  if (!existsSync(file)) throw new MergeInputError(`${dir} holds no results.json (a run's --report-dir)`);
  const j = JSON.parse(readFileSync(file, 'utf8')) as { target?: string; wallMs?: number; results?: ScenarioResult[] };
  if (!Array.isArray(j.results)) throw new MergeInputError(`${file} has no results list`);
  return { target: j.target ?? '?', wallMs: j.wallMs ?? 0, results: j.results };
}

/** Joins the shards' reports into `out`; returns the whole run's verdict. */
export function mergeRuns(
  dirs: string[],
  out: string,
  waivers: Waiver[] = [],
  today = new Date().toISOString().slice(0, 10),
): Verdict {
  if (!dirs.length) throw new MergeInputError('no shard report folders given');
  const shards = dirs.map(readShard);
  const seen = new Map<string, string>();
  const results: ScenarioResult[] = [];
  for (const [i, s] of shards.entries()) {
    for (const r of s.results) {
      const where = `${r.uri}:${r.line}:${r.name}`;
      if (seen.has(where))
        throw new MergeInputError(
          `${r.uri}:${r.line} (${r.name}) ran in ${seen.get(where)} and in ${dirs[i]}: the parts overlap`,
        );
      seen.set(where, dirs[i]);
      // Waivers are judged again on the whole run.
      results.push(r.outcome === 'waived' ? { ...r, outcome: 'failed', reason: undefined } : r);
    }
  }
  const verdict = applyWaivers(results, waivers, today);
  mkdirSync(out, { recursive: true });
  const target = [...new Set(shards.map((s) => s.target))].join(', ');
  writeFileSync(join(out, 'junit.xml'), toJUnit(verdict));
  // The parts ran side by side: the whole run took as long as its longest part.
  const wallMs = Math.max(0, ...shards.map((s) => s.wallMs));
  writeFileSync(join(out, 'summary.txt'), formatSummary(verdict, wallMs, `${target} (${dirs.length} shards merged)`));
  writeFileSync(
    join(out, 'results.json'),
    JSON.stringify(
      {
        target,
        shards: dirs.length,
        exitCode: verdict.exitCode,
        counts: verdict.counts,
        results: verdict.results,
        waiverProblems: verdict.waiverProblems,
      },
      null,
      2,
    ),
  );
  const allure = join(out, 'allure-results');
  rmSync(allure, { recursive: true, force: true });
  mkdirSync(allure, { recursive: true });
  for (const d of dirs) {
    const from = join(d, 'allure-results');
    if (!existsSync(from)) continue;
    for (const f of readdirSync(from))
      if (f !== 'categories.json' && f !== CLAUSE_PAGE) copyFileSync(join(from, f), join(allure, f));
  }
  const page = dirs.map((d) => join(d, CLAUSE_PAGE)).find(existsSync);
  if (page) copyFileSync(page, join(out, CLAUSE_PAGE));
  finishAllureResults(allure, page);
  return verdict;
}
