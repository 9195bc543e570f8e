// Cucumber's message stream → one ScenarioResult per scenario run.
import type { Envelope } from '@cucumber/messages';
import { parseSetupFailure } from '../session/expect.ts';
import { readTags } from '../suite/tags.ts';
import { TARGET_FAILURE, withoutFrames } from './causes.ts';
import { framesInSources } from './frames.ts';
import { lineOf, NOT_APPLICABLE_PREFIX, NOT_RUN_PREFIX, scenarioLines } from '../suite/outcomes.ts';
import type { Outcome, ScenarioResult } from './verdict.ts';

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
  private pickles = new Map<
    string,
    { name: string; uri: string; tags: string[]; astNodeIds: readonly string[]; line?: number }
  >();
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
        // Its example row's line, else its scenario's (Gherkin gives the pickle its location).
        line: e.pickle.location?.line,
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
      const line = p.line ?? lineOf(this.lines, p.astNodeIds);
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
        message:
          outcome === 'undefined'
            ? 'a step has no definition'
            : s.messages.map((m) => (TARGET_FAILURE.test(m) ? withoutFrames(m) : framesInSources(m))).join('\n') ||
              undefined,
        durationMs: Math.round(s.durationNs / 1e6),
        ...timesOf(s.atMs, msOf(e.testCaseFinished.timestamp), this.runStartMs),
        ...(s.worker !== undefined ? { worker: s.worker } : {}),
        reason: outcome === 'inconclusive' ? setup!.reason : outcome === 'not-run' ? s.notRun : s.na,
        setupOperation: outcome === 'inconclusive' ? setup!.operation : undefined,
      });
    }
  };
}
