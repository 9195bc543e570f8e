// One failure shape for scenarios, properties, the fuzzer and the stateful model: what failed (a
// stable code and a one-line title), what came back against what the spec wants, the clauses it
// breaks, and the evidence. Every failure class of the project extends `Failure` (errors.ts, with
// `shapeOf`: any thrown value as the shape); a fuzz finding is turned into the same shape by
// `findingFailure` (src/fuzz/runner.ts). Cucumber hands the reports a failure's message only, so the
// message carries the shape's lines (`failureMessage`).
import { clauseById } from '../spec/clauses.ts';

/** One piece of evidence: a request and what came back (redacted, as text), or a note. */
export interface FailureEvidence {
  label: string;
  request?: string;
  response?: string;
  note?: string;
}

export interface FailureShape {
  /**
   * Stable machine code: the failure class's (SESSION_ERR_CHECK_FAILED, SESSION_ERR_SETUP_FAILED,
   * FUZZ_ERR_MODEL_VIOLATION, FUZZ_ERR_WRONG_ANSWER …), FUZZ_FINDING, or a named check's id.
   */
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

/** The clauses of the SCA's family: the SCA itself, its redirect's events, its session's states. */
export const SCA_CLAUSE = /^(sca\.|events\.|states\.sca)/;
/** A failure's first line that speaks of the SCA when it names no clause. */
export const SCA_WORDS = /\b(scaRedirect|SCA|psu-id|redirect)\b/;

/**
 * Whether a failure is the SCA's: the first clause it names is of the SCA's family, or, naming none, its first line
 * speaks of the SCA.
 */
export function isScaFailure(f: Pick<FailureShape, 'title' | 'clauses'>): boolean {
  return f.clauses.length ? SCA_CLAUSE.test(f.clauses[0]) : SCA_WORDS.test(f.title);
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
