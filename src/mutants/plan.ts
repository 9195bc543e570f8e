// Which scenarios the mutation run replays for each fault: those of the fault's feature files
// (its area's, src/bank/fault-registry.ts) and every scenario tagged with one of its clauses.
// `all` replays the whole suite for every fault.
import { cucumberPaths } from '../run/shard.ts';
import { basename } from 'node:path';
import { allFaults, faultFeatures, type AreaFault } from '../bank/fault-registry.ts';
import { scenarios } from '../report/coverage.ts';
import { readTags } from '../suite/tags.ts';
import type { Level } from '../spec/level.ts';

export interface Scenario {
  where: string;
  name: string;
  level: Level;
  clauses: string[];
  file: string;
}

export interface FaultPlan {
  fault: AreaFault;
  /** Scenario locations (`features/x.feature:12`). */
  scenarios: string[];
}

export function loadScenarios(root: string): Scenario[] {
  return scenarios(root).map((s) => {
    const t = readTags(s.tags);
    return {
      where: s.where,
      name: s.name,
      level: t.level ?? 'must',
      clauses: t.clauses,
      file: basename(s.where.split(':')[0], '.feature'),
    };
  });
}

/** Faults by id (all registered ones when `ids` is empty); unknown ids are an error naming them. */
/**
 * The faults of a run; on a dialect, those whose broken behaviour occurs there (the rest are listed by
 * notApplicableFaults).
 */
export function selectFaults(ids: readonly string[] = [], dialect: 'default' | 'variant' = 'default'): AreaFault[] {
  const all = allFaults().filter((f) => !f.notIn?.[dialect]);
  if (!ids.length) return all;
  const unknown = ids.filter((id) => !all.some((f) => f.id === id));
  if (unknown.length)
    throw new Error(
      `unknown fault${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; known: ${all.map((f) => f.id).join(', ')}`,
    );
  return ids.map((id) => all.find((f) => f.id === id)!);
}

/** Faults that do not apply to a dialect, with the reason. */
export function notApplicableFaults(dialect: 'default' | 'variant' = 'default'): Array<{ id: string; reason: string }> {
  return allFaults().flatMap((f) => (f.notIn?.[dialect] ? [{ id: f.id, reason: f.notIn[dialect]! }] : []));
}

export function planFault(fault: AreaFault, all: readonly Scenario[], everything = false): FaultPlan {
  if (everything) return { fault, scenarios: all.map((s) => s.where) };
  const files = new Set(faultFeatures(fault));
  const clauses = new Set(fault.clauses);
  return {
    fault,
    scenarios: all.filter((s) => files.has(s.file) || s.clauses.some((c) => clauses.has(c))).map((s) => s.where),
  };
}

/**
 * Estimated cost (ms) of replaying a fault's scenarios: about 75 ms a scenario; under a
 * short-timeout (chaos) fault a broken call ends only at the timeout, a few times per scenario.
 * Orders the workers' jobs (heaviest first) and balances the shards (shard.ts).
 */
export function estimateMs(scenarioCount: number, timeoutMs: number): number {
  return scenarioCount * (timeoutMs < 5000 ? 2 * timeoutMs : 75) + 500;
}

export { cucumberPaths };
