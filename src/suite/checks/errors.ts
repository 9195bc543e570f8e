// Checks of the codes of spec § Errors (features/error-codes.feature): a refusal that names a code
// (in its tppMessages, "Values of `code` in `tppMessages` of payment responses", or in the error
// body's `code`), and the failed-SCA redirect's `code`.
import { redirectParams } from '../sca-checks.ts';
import { defineCheck } from './check.ts';

/** The codes a refusal names: its tppMessages' codes and the error body's code. */
export function namedCodes(json: unknown): string[] {
  const o = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const messages = Array.isArray(o.tppMessages) ? o.tppMessages : [];
  const codes = messages.map((m) => (m && typeof m === 'object' ? (m as Record<string, unknown>).code : undefined));
  return [...codes, o.code].filter((c): c is string => typeof c === 'string');
}

/** The answer is a refusal (status 400 or above) that names the code, in its tppMessages or its error body's code. */
export const refusalNamesCode = defineCheck<[code: string]>({
  id: 'errors.refusal-names-code',
  clauses: ['fields.tpp-message.code'],
  run(_s, ex, code) {
    const r = ex?.response;
    if (!r)
      return {
        title: `expected a refusal naming ${code}, but there was no answer: ${ex?.error?.message ?? 'no request sent'}`,
        expected: code,
      };
    if (r.status < 400)
      return {
        title: `expected a refusal naming ${code}, but the request was accepted with ${r.status}: ${r.text.slice(0, 300)}`,
        expected: 'a status of 400 or above',
        received: r.status,
      };
    const codes = namedCodes(r.json);
    if (!codes.includes(code)) {
      return {
        title: `expected the refusal to name the code ${code} (in tppMessages or the error body's code), but it names ${codes.length ? codes.join(', ') : 'no code'}: ${r.status} ${r.text.slice(0, 300)}`,
        clauses: ['fields.cross-border-payment-response.tppMessages'],
        expected: code,
        received: codes,
      };
    }
    return undefined;
  },
});

/** The last SCA failed, and its redirect to the TPP carries the code. */
export const failureRedirectCode = defineCheck<[code: string]>({
  id: 'errors.failure-redirect-code',
  clauses: ['events.failure.code'],
  run(s, _ex, code) {
    const params = redirectParams(s.lastSca);
    if (params['psu-id'] !== undefined && params.code === undefined)
      return {
        title: `expected the failure redirect with the code ${code}, but the SCA succeeded (psu-id ${params['psu-id']})`,
        expected: code,
      };
    if (params.code !== code)
      return {
        title: `expected the failure redirect to carry the code ${code}, but it carries ${params.code === undefined ? 'no code' : `"${params.code}"`} (parameters: ${JSON.stringify(params)})`,
        expected: code,
        received: params.code,
      };
    return undefined;
  },
});
