// Checks of request signing (§ Authentication > Request signing), judged by the one signature
// oracle (src/tpp/signature-oracle.ts) that the fuzzer and the properties use too.
import { describeAnswer, signatureOutcome } from '../../tpp/signature-oracle.ts';
import { defineCheck } from './check.ts';

/**
 * The signature was accepted: 2xx, or 401 with _links.scaRedirect (SCA demanded after the signature was verified); 400
 * or a status the profile declares is a rejection.
 */
export const signatureAccepted = defineCheck({
  id: 'signing.accepted',
  clauses: ['signing.signing-string'],
  run(s, ex) {
    const r = ex?.response;
    if (!r)
      return {
        title: `expected the signature to be accepted, but there was no answer: ${ex?.error?.message ?? 'no request sent'}`,
        expected: 'accepted',
        received: 'no answer',
      };
    const answer = { status: r.status, body: r.text };
    const outcome = signatureOutcome(answer, s.profile.signing.rejectStatuses);
    return outcome === 'accepted'
      ? undefined
      : {
          title: `expected the signature to be accepted (2xx, or 401 with _links.scaRedirect), but it was ${outcome}: ${describeAnswer(answer)}`,
          expected: 'accepted',
          received: outcome,
        };
  },
});
