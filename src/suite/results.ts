// Cucumber's message stream → one ScenarioResult per scenario run.
import type { Envelope } from '@cucumber/messages';
import { parseSetupFailure } from '../session/expect.ts';
import { readTags } from './tags.ts';
import type { Outcome, ScenarioResult } from './verdict.ts';

export const NOT_APPLICABLE_PREFIX = 'not applicable: ';
/** Attached by the Before hook to a scenario the run's guards did not start (run-guard.ts). */
export const NOT_RUN_PREFIX = 'not run: ';

/** The line of every scenario and example row of a Gherkin document, by AST node id. */
export function scenarioLines(doc: { feature?: { children: readonly any[] } }): Map<string, number> {
  const lines = new Map<string, number>();
  const walk = (children: readonly any[]) => {
    for (const c of children) {
      if (c.scenario) {
        lines.set(c.scenario.id, c.scenario.location.line);
        for (const ex of c.scenario.examples ?? [])
          for (const row of ex.tableBody ?? []) lines.set(row.id, row.location.line);
      }
      if (c.rule) walk(c.rule.children);
    }
  };
  walk(doc.feature?.children ?? []);
  return lines;
}

/** A pickle's line: its example row's, else its scenario's (0 when neither is known). */
export function lineOf(lines: ReadonlyMap<string, number>, astNodeIds: readonly string[]): number {
  return (
    [...astNodeIds]
      .reverse()
      .map((id) => lines.get(id))
      .find((l) => l !== undefined) ?? 0
  );
}

/** A scenario's id in the reports: `<feature file>:<line>` (an outline's example row has its own line). */
export function scenarioId(
  doc: { feature?: { children: readonly any[] } },
  pickle: { uri: string; astNodeIds: readonly string[] },
): string {
  return `${pickle.uri}:${lineOf(scenarioLines(doc), pickle.astNodeIds)}`;
}

/** A cucumber message timestamp in milliseconds. */
function msOf(t: { seconds: number | string; nanos: number } | undefined): number | undefined {
  return t ? Number(t.seconds) * 1000 + (t.nanos ?? 0) / 1e6 : undefined;
}

/** A scenario's start and end from the run's start (none when the messages carry no times). */
function timesOf(
  startMs: number | undefined,
  endMs: number | undefined,
  runStartMs: number | undefined,
): { startedMs?: number; endedMs?: number } {
  if (startMs === undefined || endMs === undefined) return {};
  const origin = runStartMs ?? startMs;
  return { startedMs: Math.round(startMs - origin), endedMs: Math.round(endMs - origin) };
}

export class ResultCollector {
  private pickles = new Map<string, { name: string; uri: string; tags: string[]; astNodeIds: readonly string[] }>();
  private testCases = new Map<string, string>();
  private started = new Map<
    string,
    {
      testCaseId: string;
      statuses: string[];
      messages: string[];
      durationNs: number;
      atMs?: number;
      worker?: string;
      na?: string;
      notRun?: string;
      firstError?: { type: string; message?: string };
    }
  >();
  /** When the run started (testRunStarted), the origin of each scenario's startedMs. */
  private runStartMs: number | undefined;
  private lines = new Map<string, number>();
  readonly results: ScenarioResult[] = [];

  onMessage = (e: Envelope): void => {
    if (e.gherkinDocument) for (const [id, line] of scenarioLines(e.gherkinDocument)) this.lines.set(id, line);
    if (e.pickle)
      this.pickles.set(e.pickle.id, {
        name: e.pickle.name,
        uri: e.pickle.uri,
        tags: e.pickle.tags.map((t) => t.name),
        astNodeIds: e.pickle.astNodeIds,
      });
    if (e.testCase) this.testCases.set(e.testCase.id, e.testCase.pickleId);
    if (e.testRunStarted) this.runStartMs = msOf(e.testRunStarted.timestamp);
    if (e.testCaseStarted) {
      const at = msOf(e.testCaseStarted.timestamp);
      this.runStartMs ??= at;
      this.started.set(e.testCaseStarted.id, {
        testCaseId: e.testCaseStarted.testCaseId,
        statuses: [],
        messages: [],
        durationNs: 0,
        atMs: at,
        worker: e.testCaseStarted.workerId,
      });
    }
    if (e.attachment?.testCaseStartedId) {
      const s = this.started.get(e.attachment.testCaseStartedId);
      if (s && e.attachment.mediaType === 'text/plain' && e.attachment.body.startsWith(NOT_APPLICABLE_PREFIX))
        s.na = e.attachment.body.slice(NOT_APPLICABLE_PREFIX.length);
      if (s && e.attachment.mediaType === 'text/plain' && e.attachment.body.startsWith(NOT_RUN_PREFIX))
        s.notRun = e.attachment.body.slice(NOT_RUN_PREFIX.length);
    }
    if (e.testStepFinished) {
      const s = this.started.get(e.testStepFinished.testCaseStartedId);
      if (s) {
        const r = e.testStepFinished.testStepResult;
        s.statuses.push(r.status);
        if (r.message) s.messages.push(r.message);
        if (r.status === 'FAILED' && !s.firstError)
          s.firstError = { type: r.exception?.type ?? 'Error', message: r.exception?.message };
        s.durationNs += Number(r.duration.seconds) * 1e9 + r.duration.nanos;
      }
    }
    if (e.testCaseFinished && !e.testCaseFinished.willBeRetried) {
      const s = this.started.get(e.testCaseFinished.testCaseStartedId);
      const pickleId = s && this.testCases.get(s.testCaseId);
      const p = pickleId ? this.pickles.get(pickleId) : undefined;
      if (!s || !p) return;
      const t = readTags(p.tags);
      let outcome: Outcome = 'passed';
      // A set-up that could not be made: inconclusive, unless the set-up operation is the scenario's own.
      const setup = s.firstError?.type === 'SetupFailure' ? parseSetupFailure(s.firstError.message) : undefined;
      if (setup && setup.operation !== t.op) outcome = 'inconclusive';
      else if (s.statuses.includes('FAILED') || s.statuses.includes('PENDING')) outcome = 'failed';
      else if (s.statuses.includes('UNDEFINED') || s.statuses.includes('AMBIGUOUS')) outcome = 'undefined';
      else if (s.notRun !== undefined) outcome = 'not-run';
      else if (s.na !== undefined) outcome = 'not-applicable';
      else if (s.statuses.includes('SKIPPED')) outcome = 'skipped';
      const line = lineOf(this.lines, p.astNodeIds);
      this.results.push({
        id: `${p.uri}:${line}`,
        name: p.name,
        uri: p.uri,
        line,
        tags: p.tags,
        clauses: t.clauses,
        level: t.level ?? 'must',
        area: t.area ?? p.uri.replace(/^.*\//, '').replace(/\.feature$/, ''),
        outcome,
        message: outcome === 'undefined' ? 'a step has no definition' : s.messages.join('\n') || undefined,
        durationMs: Math.round(s.durationNs / 1e6),
        ...timesOf(s.atMs, msOf(e.testCaseFinished.timestamp), this.runStartMs),
        ...(s.worker !== undefined ? { worker: s.worker } : {}),
        reason: outcome === 'inconclusive' ? setup!.reason : outcome === 'not-run' ? s.notRun : s.na,
        setupOperation: outcome === 'inconclusive' ? setup!.operation : undefined,
      });
    }
  };
}
