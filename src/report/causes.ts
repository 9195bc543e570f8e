// A failure's cause, stable across scenarios: its kind (the family of the clause the failing check
// names: signature, headers, SCA, fields; else the mismatch: status, error code, body schema; a set-up
// not made, no answer) and that clause, with every
// particular (ids, bodies, numbers) left out. The Allure categories match the kind; within a category
// Allure groups the scenarios by the cause's line, so one cause is one row, whatever its ids.
import { parseFailureMessage, SCA_CLAUSE, SCA_WORDS } from '../session/failure.ts';

export const CAUSE_KINDS = [
  'set-up',
  'transport',
  'signature',
  'headers',
  'sca',
  'schema',
  'code',
  'status',
  'check',
] as const;
export type CauseKind = (typeof CAUSE_KINDS)[number];

/**
 * The kind of a failure: from the family of `clause` (the one the failing check names), else from its message's first
 * line.
 */
export function causeKind(message: string, clause?: string): CauseKind {
  const first = message.split('\n')[0];
  if (/^SetupFailure\b|could not be made/.test(first)) return 'set-up';
  if (/TIMEOUT|CONNECTION_RESET|CONNECTION_REFUSED|ECONNRESET|ECONNREFUSED|no answer|got no response/.test(first))
    return 'transport';
  if (clause && /^(signing\.|errors\.signature|tpp\.)/.test(clause)) return 'signature';
  if (clause && /^headers\./.test(clause)) return 'headers';
  if (clause && SCA_CLAUSE.test(clause)) return 'sca';
  if (clause && /^fields\./.test(clause)) return 'schema';
  if (/\b(Signature|signature|Digest|keyId|TPP-Signature-Certificate)\b/.test(first)) return 'signature';
  if (SCA_WORDS.test(first)) return 'sca';
  if (/does not match the spec|schema|must have|must be|must NOT|not JSON/.test(first)) return 'schema';
  if (/error code|\bcode\b/.test(first)) return 'code';
  if (/expected status|answered \d{3}|status \d{3}/.test(first)) return 'status';
  return 'check';
}

/** A failed check or set-up: the target's failure, whose message should not show the suite's frames. */
export const TARGET_FAILURE = /^(ConformanceAssertionError|AssertionError|SetupFailure)\b/;

/** The lines of a message that are not stack frames. */
export function withoutFrames(text: string): string {
  return text
    .split('\n')
    .filter((l) => !/^\s+at /.test(l))
    .join('\n');
}

/** A message's first line with its particulars left out: ids, quoted values, bodies, numbers. */
export function causeLine(message: string): string {
  return (message.split('\n')[0] ?? '')
    .replace(/^\w*Error: /, '')
    .replace(/: [{[][\s\S]*$/, '')
    .replace(/[{[][\s\S]*$/, '')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\b[0-9a-f]{8,}(-[0-9a-f]{4,})*\b|enc!![\w-]+|\b(pay|basket|consent|acc|card|auth|fault)-[\w-]+/gi, '…')
    .trim();
}

/**
 * A failure's cause: its kind, the clause the failing check names (else `fallbackClause`, the
 * scenario's primary one), and its line: `[status · limits.basket-size] expected status 400, but
 * POST /v1/signing-baskets answered 201`.
 */
export function causeOfFailure(
  message: string,
  fallbackClause?: string,
): { kind: CauseKind; clause?: string; line: string } {
  const clause = parseFailureMessage(message).clauses[0] ?? fallbackClause;
  const kind = causeKind(message, clause);
  return { kind, clause, line: `[${kind}${clause ? ` · ${clause}` : ''}] ${causeLine(message)}` };
}
