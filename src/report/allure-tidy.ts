// One Allure result made readable, as it is written (allure-writer.ts) or when results written before are
// gathered again (report.ts finishAllureResults: merge): Behaviors counts each test once, a check's
// failure reads as the target's, a SHOULD finding as advice.
import { parseFailureMessage } from '../session/failure.ts';
import { causeOfFailure, TARGET_FAILURE, withoutFrames } from './causes.ts';
import { framesInSources } from './frames.ts';

/** What the tidying reads and changes of an Allure result. */
export interface AllureResult {
  status?: string;
  labels?: Array<{ name: string; value: string }>;
  statusDetails?: { message?: string; trace?: string };
  steps?: unknown[];
}

type Node = { status?: string; statusDetails?: { message?: string; trace?: string }; steps?: unknown[] };

/**
 * A failed result or step as a reader sees it: the message is its cause's line (kind, clause, no ids:
 * causes.ts), the trace the whole message; a check's failure is the target's, so neither shows the
 * suite's stack frames (a suite error keeps them in its trace, named in the TypeScript sources:
 * frames.ts). Returns the clause the failure names.
 */
function tidyFailure(node: Node, primaryClause?: string): string | undefined {
  const d = node.statusDetails;
  let named: string | undefined;
  if (d?.message && (node.status === 'failed' || node.status === 'broken')) {
    const original = d.message;
    const target = TARGET_FAILURE.test(original);
    const cause = causeOfFailure(target ? withoutFrames(original) : original, primaryClause);
    named = parseFailureMessage(original).clauses[0];
    d.message = target ? cause.line : withoutFrames(original).split('\n')[0];
    d.trace = target ? withoutFrames(original) : framesInSources(d.trace ?? original);
  } else if (d?.trace && d.message && TARGET_FAILURE.test(d.trace)) d.trace = withoutFrames(d.trace);
  for (const s of (node.steps ?? []) as Node[]) named = tidyFailure(s, primaryClause) ?? named;
  return named;
}

/**
 * Tidies `r` in place: one `feature` label (the operation the hooks set; the Gherkin feature's name goes
 * to `parentSuite`), one `story` (the clause the failing check names, else the scenario's primary one);
 * a failure's message and trace (tidyFailure); a failed @should result's status "unknown". A result tidied
 * before (it has a parentSuite) keeps its labels; tidying twice is tidying once.
 */
export function tidyResult(r: AllureResult): void {
  const labels = r.labels ?? [];
  const primary = labels.find((l) => l.name === 'story');
  const named = tidyFailure(r, primary?.value);
  if (primary && named) primary.value = named;
  // A SHOULD scenario's finding is advice, not a failure: its own status (Allure's "unknown", a colour
  // of its own) and category (verdict.ts: outcome warning).
  if (r.status === 'failed' && labels.some((l) => l.name === 'tag' && l.value === '@should')) r.status = 'unknown';
  const features = labels.filter((l) => l.name === 'feature');
  const gherkin = features[0];
  const own = features[features.length - 1];
  const story = labels.find((l) => l.name === 'story');
  // Tidied once already (a shard's results, merged: run merge): its one feature label is the operation.
  const tidied = labels.some((l) => l.name === 'parentSuite');
  if (gherkin && own && !tidied)
    r.labels = [
      ...labels.filter((l) => l.name !== 'feature' && l.name !== 'story' && l.name !== 'parentSuite'),
      { name: 'parentSuite', value: gherkin.value },
      own,
      ...(story ? [story] : []),
    ];
}
