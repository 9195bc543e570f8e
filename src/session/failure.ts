// One failure shape for scenarios, properties, the fuzzer and the stateful model: what failed (a
// stable code and a one-line title), what came back against what the spec wants, the clauses it
// breaks, and the evidence. Every failure class of the project extends `Failure`; a fuzz finding is
// turned into the same shape by `findingFailure` (src/fuzz/runner.ts). Cucumber hands the reports a
// failure's message only, so the message carries the shape's lines (`failureMessage`).
import { clauseById } from '../spec/clauses.ts';

/** One piece of evidence: a request and what came back (redacted, as text), or a note. */
export interface FailureEvidence {
  label: string;
  request?: string;
  response?: string;
  note?: string;
}

export interface FailureShape {
  /** Stable machine code: SUITE_CHECK_FAILED, SUITE_SETUP_FAILED, MODEL_ERR_VIOLATION, FUZZ_ERR_WRONG_ANSWER, FUZZ_FINDING, or a named check's id. */
  readonly code: string;
  /** What failed, in one line. */
  readonly title: string;
  /** What the target answered (a status, a code, a value), when one value says it. */
  readonly received?: unknown;
  /** What the spec (or the profile) wants instead. */
  readonly expected?: unknown;
  /** The clause ids the failure breaks. */
  readonly clauses: readonly string[];
  readonly evidence?: readonly FailureEvidence[];
}

export interface FailureDetail {
  received?: unknown;
  expected?: unknown;
  evidence?: FailureEvidence[];
}

/** A clause's sentence, for messages (an unknown id says so rather than throwing while failing). */
export function clauseText(id: string): string {
  try {
    return clauseById(id).text;
  } catch {
    return '(unknown clause)';
  }
}

function show(v: unknown): string {
  if (typeof v === 'string') return v;
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

/**
 * The message every failure carries: the title, `expected:`/`received:` lines when known, and one
 * line per clause with its sentence. Cucumber hands only the message to the reports, so the shape's
 * fields are also readable back from it (`parseFailureMessage`).
 */
export function failureMessage(f: Pick<FailureShape, 'title' | 'received' | 'expected' | 'clauses'>): string {
  const lines = [f.title];
  if (f.expected !== undefined) lines.push(`  expected: ${show(f.expected)}`);
  if (f.received !== undefined) lines.push(`  received: ${show(f.received)}`);
  for (const c of f.clauses) lines.push(`  clause ${c}: ${clauseText(c)}`);
  return lines.join('\n');
}

/** The shape's fields back from a failure message (what a report gets from cucumber). */
export function parseFailureMessage(
  message: string,
): Pick<FailureShape, 'title' | 'clauses'> & { expected?: string; received?: string } {
  const [title, ...rest] = message.split('\n');
  const out: { title: string; clauses: string[]; expected?: string; received?: string } = {
    title: title ?? '',
    clauses: [],
  };
  for (const l of rest) {
    const m = /^ {2}(expected|received|clause) ?([^:]*): (.*)$/.exec(l);
    if (!m) continue;
    if (m[1] === 'clause') out.clauses.push(m[2]);
    else out[m[1] as 'expected' | 'received'] = m[3];
  }
  return out;
}

export class Failure extends Error implements FailureShape {
  readonly title: string;
  readonly clauses: readonly string[];
  readonly received?: unknown;
  readonly expected?: unknown;
  readonly evidence?: readonly FailureEvidence[];

  constructor(
    readonly code: string,
    title: string,
    clauses: readonly string[] = [],
    detail: FailureDetail = {},
    message?: string,
  ) {
    super(message ?? failureMessage({ title, clauses, received: detail.received, expected: detail.expected }));
    this.title = title;
    this.clauses = clauses;
    if (detail.received !== undefined) this.received = detail.received;
    if (detail.expected !== undefined) this.expected = detail.expected;
    if (detail.evidence?.length) this.evidence = detail.evidence;
  }
}

/** Any thrown value as the shape: a Failure as it is, anything else as an unclassified error. */
export function shapeOf(e: unknown): FailureShape {
  if (e instanceof Failure) {
    const { code, title, received, expected, clauses, evidence } = e;
    return {
      code,
      title,
      clauses: [...clauses],
      ...(received !== undefined ? { received } : {}),
      ...(expected !== undefined ? { expected } : {}),
      ...(evidence ? { evidence: [...evidence] } : {}),
    };
  }
  const message = e instanceof Error ? e.message : String(e);
  const parsed = parseFailureMessage(message);
  return { code: 'ERROR', title: parsed.title, clauses: parsed.clauses };
}
