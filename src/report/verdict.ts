// From scenario results to a verdict: waivers applied, exit code decided.
// Exit 0 when no applicable @must fails; 1 on any @must failure, a waived failure that no
// longer fails, or an expired waiver; 2 unusable input; 3 target unreachable, or it stopped answering
// during the run (the breaker); 4 the deadline passed with scenarios not run. An inconclusive
// scenario (its set-up could not be made on the target) neither passes nor fails: it does not
// change the exit code, and the summary's verdict line counts the inconclusive MUSTs.
import type { Level } from '../spec/level.ts';
import type { Waiver } from '../session/profile.ts';

/** The reason of a scenario not run because the target stopped answering (run-guard.ts). */
export const DEAD_TARGET = 'the target stopped answering';

/** `warning`: a @should scenario that found the bank departing from the advice it checks (Berlin Group,
 * the platform's habit): shown as advice, never as a failure; only MUST scenarios fail. */
export type Outcome =
  'passed' | 'failed' | 'warning' | 'inconclusive' | 'not-applicable' | 'not-run' | 'waived' | 'undefined' | 'skipped';

export interface ScenarioResult {
  id: string;
  name: string;
  uri: string;
  line: number;
  tags: string[];
  clauses: string[];
  level: Level;
  area: string;
  outcome: Outcome;
  message?: string;
  durationMs: number;
  /** When the scenario started and ended, in ms from the start of its run (its shard's, in a merged run). */
  startedMs?: number;
  endedMs?: number;
  /** The cucumber worker that ran it (parallel runs). */
  worker?: string;
  /** Reason for not-applicable, waived or inconclusive (the set-up that could not be made). */
  reason?: string;
  /** Inconclusive: the `@op:` of the set-up that could not be made (none when no operation is at fault). */
  setupOperation?: string;
}

export interface WaiverProblem {
  waiver: Waiver;
  problem: 'expired' | 'passes-now' | 'matches-nothing';
  scenarios: string[];
}

export interface Verdict {
  results: ScenarioResult[];
  waiverProblems: WaiverProblem[];
  /**
   * 3: the run stopped because the target stopped answering (breaker); 4: the deadline passed with scenarios not run.
   */
  exitCode: 0 | 1 | 3 | 4;
  counts: Record<Outcome, number>;
}

/** What a run writes to results.json (run.ts): its verdict, and what it ran against. */
export interface ResultsFile {
  /** `embedded`, or the target's URL. */
  target: string;
  faults: string[];
  shard?: { index: number; count: number };
  wallMs: number;
  exitCode: Verdict['exitCode'];
  counts: Verdict['counts'];
  results: ScenarioResult[];
  waiverProblems: WaiverProblem[];
}

export function applyWaivers(results: ScenarioResult[], waivers: Waiver[], today: string): Verdict {
  const waiverProblems: WaiverProblem[] = [];
  for (const w of waivers) {
    const hit = results.filter(
      (r) =>
        (w.scenario !== undefined && r.name === w.scenario) || (w.clause !== undefined && r.clauses.includes(w.clause)),
    );
    if (w.expires < today) waiverProblems.push({ waiver: w, problem: 'expired', scenarios: hit.map((r) => r.name) });
    if (!hit.length) waiverProblems.push({ waiver: w, problem: 'matches-nothing', scenarios: [] });
    const passing = hit.filter((r) => r.outcome === 'passed');
    if (passing.length)
      waiverProblems.push({ waiver: w, problem: 'passes-now', scenarios: passing.map((r) => r.name) });
    if (w.expires >= today)
      for (const r of hit)
        if (r.outcome === 'failed') {
          r.outcome = 'waived';
          r.reason = `waived until ${w.expires}: ${w.reason}`;
        }
  }
  // A SHOULD finding is advice: a warning, not a failure (after waivers, which may still cover one).
  for (const r of results) if (r.level === 'should' && r.outcome === 'failed') r.outcome = 'warning';
  const counts = {
    passed: 0,
    failed: 0,
    warning: 0,
    inconclusive: 0,
    'not-applicable': 0,
    'not-run': 0,
    waived: 0,
    undefined: 0,
    skipped: 0,
  } as Record<Outcome, number>;
  for (const r of results) counts[r.outcome]++;
  const mustFailed = results.some((r) => r.level === 'must' && (r.outcome === 'failed' || r.outcome === 'undefined'));
  const waiverFail = waiverProblems.some((p) => p.problem !== 'matches-nothing');
  // An incomplete run says so whatever else it found: the scenarios not run were never judged.
  const notRun = results.filter((r) => r.outcome === 'not-run');
  const exitCode = notRun.some((r) => r.reason?.startsWith(DEAD_TARGET))
    ? 3
    : notRun.length
      ? 4
      : mustFailed || waiverFail
        ? 1
        : 0;
  return { results, waiverProblems, exitCode, counts };
}
