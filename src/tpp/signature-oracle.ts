// The signature oracle: what an answer says about the signature of the request, per the spec.
// The fuzzer, the properties and the conformance step "the signature is accepted" all judge with
// this one function.
//
// - § Request signing: "A signature that fails validation is rejected with 400" (and so is a
//   request that has none): 400 is a rejection. The profile may declare more statuses the bank
//   uses for it (`signing.rejectStatuses`).
// - § PSU authentication step 1 and § Errors: "A request that needs SCA is answered with status 401
//   and a `scaRedirect` link"; "the server may demand SCA on any request". A 401 whose body has
//   `_links.scaRedirect` comes after the signature was verified: the signature was ACCEPTED.
// - 2xx and 3xx: accepted.
// - Anything else (a 401 without scaRedirect, 403, 404, 429 …): neither the spec's acceptance nor
//   its rejection: `unexpected`. 5xx and no answer: `error`.

/** An answer as the oracle needs it: status (none when there was no answer) and body text. */
export interface OracleAnswer {
  status?: number;
  error?: string;
  body: string;
}

export type SignatureOutcome = 'accepted' | 'rejected' | 'unexpected' | 'error';

/** The spec's rejection status for a missing or invalid signature. */
export const SPEC_REJECT_STATUS = 400;

/** True when the body is JSON with `_links.scaRedirect` (an object with href, or a string). */
export function hasScaRedirect(body: string): boolean {
  let j: unknown;
  try {
    j = JSON.parse(body);
  } catch {
    return false;
  }
  const r = (j as { _links?: { scaRedirect?: unknown } } | null)?._links?.scaRedirect;
  if (typeof r === 'string') return r.length > 0;
  return typeof r === 'object' && r !== null && typeof (r as { href?: unknown }).href === 'string';
}

/**
 * What the answer says about the signature. `rejectStatuses` are the statuses that count as a
 * rejection (400 always does); a 401 with scaRedirect is an acceptance even when 401 is listed.
 */
export function signatureOutcome(
  r: OracleAnswer,
  rejectStatuses: readonly number[] = [SPEC_REJECT_STATUS],
): SignatureOutcome {
  const s = r.status;
  if (s === undefined || s >= 500) return 'error';
  if (s < 400) return 'accepted';
  if (s === 401 && hasScaRedirect(r.body)) return 'accepted';
  if (s === SPEC_REJECT_STATUS || rejectStatuses.includes(s)) return 'rejected';
  return 'unexpected';
}

/** Whether the answer is the verdict expected of the signature. */
export function signatureAsExpected(
  expect: 'accept' | 'reject',
  r: OracleAnswer,
  rejectStatuses?: readonly number[],
): boolean {
  return signatureOutcome(r, rejectStatuses) === (expect === 'accept' ? 'accepted' : 'rejected');
}

/** What "rejected" means for a target, for messages: "400" or "400 or 403". */
export function rejectionText(rejectStatuses: readonly number[] = [SPEC_REJECT_STATUS]): string {
  return [...new Set([SPEC_REJECT_STATUS, ...rejectStatuses])].join(' or ');
}

/** One line for a message: the status and the start of the body, or why there was no answer. */
export function describeAnswer(r: OracleAnswer): string {
  return r.error ? `no answer (${r.error})` : `${r.status} ${r.body.replace(/\s+/g, ' ').slice(0, 300)}`;
}
