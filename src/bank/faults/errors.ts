// Status and code pairs of § Errors and the error body of § Resources: each fault answers one
// pair wrongly, or breaks the body once, everywhere else the bank is right.
import { errorBody, recode, skip, type AreaFault } from './support.ts';

const codeIs =
  (...codes: string[]) =>
  (_r: unknown, code: string | undefined) =>
    code !== undefined && codes.includes(code);

export const ERROR_FAULTS: readonly AreaFault[] = [
  {
    id: 'period-invalid-as-format-error',
    area: 'errors',
    features: ['accounts', 'sandbox-mock-data'],
    description: 'Answers an invalid period (dateFrom after dateTo) with 400 FORMAT_ERROR instead of PERIOD_INVALID.',
    clauses: ['errors.PERIOD_INVALID'],
    hooks: { transformResponse: recode(codeIs('PERIOD_INVALID'), 400, 'FORMAT_ERROR') },
  },
  {
    id: 'query-parameter-required-as-format-error',
    area: 'errors',
    features: ['accounts'],
    notIn: {
      variant:
        'the variant reads a transaction list without bookingStatus as booked (the spec does not say the parameter is required), so no scenario meets QUERY_PARAMETER_REQUIRED there',
    },
    description: 'Answers a missing required query parameter with FORMAT_ERROR instead of QUERY_PARAMETER_REQUIRED.',
    clauses: ['errors.QUERY_PARAMETER_REQUIRED'],
    hooks: { transformResponse: recode(codeIs('QUERY_PARAMETER_REQUIRED'), 400, 'FORMAT_ERROR') },
  },
  {
    id: 'resource-unknown-as-403',
    area: 'errors',
    features: ['accounts', 'transaction-details', 'sandbox-mock-data'],
    description: 'Answers an unknown resource with 403 CONSENT_INVALID instead of 404 RESOURCE_UNKNOWN.',
    clauses: ['errors.RESOURCE_UNKNOWN', 'endpoints.get-transaction-details.status.404'],
    hooks: { transformResponse: recode(codeIs('RESOURCE_UNKNOWN'), 403, 'CONSENT_INVALID') },
  },
  {
    id: 'access-exceeded-as-403',
    area: 'errors',
    features: ['access-without-psu'],
    description: 'Answers an exceeded call allowance with 403 instead of 429 ACCESS_EXCEEDED.',
    clauses: ['errors.ACCESS_EXCEEDED', 'endpoints.get-transaction-details.status.429'],
    hooks: { transformResponse: recode(codeIs('ACCESS_EXCEEDED'), 403, 'ACCESS_EXCEEDED') },
  },
  {
    id: 'format-error-as-422',
    area: 'errors',
    features: ['accounts', 'error-bodies', 'transaction-details'],
    description: 'Answers a malformed request with 422 instead of 400 FORMAT_ERROR.',
    clauses: ['errors.FORMAT_ERROR', 'endpoints.get-transaction-details.status.400'],
    hooks: { transformResponse: recode(codeIs('FORMAT_ERROR'), 422, 'FORMAT_ERROR') },
  },
  {
    // The bank the controls are for (src/suite/controls.ts): every refusal a negative scenario expects comes, but for
    // no reason
    // of its own. Only the controls (the same request without the violation, accepted) can tell.
    id: 'every-post-refused',
    area: 'errors',
    features: ['error-bodies'],
    replay: 'clauses',
    description:
      'Refuses every POST of the interface (/v1/…) with 400 FORMAT_ERROR and the error body, well-formed or not.',
    clauses: ['errors.FORMAT_ERROR'],
    hooks: {
      beforeHandle: (req) =>
        req.method === 'POST' && (req.url ?? '').startsWith('/v1/')
          ? errorBody('FORMAT_ERROR', 'the request is malformed')
          : undefined,
    },
  },
  {
    id: 'kid-error-401',
    area: 'errors',
    features: ['payments'],
    description: 'Answers KID errors with 401, as before release 1.7.0, instead of 400.',
    clauses: ['errors.kid-error', 'releases.kid-errors-400'],
    hooks: { transformResponse: recode(codeIs('KID_INVALID', 'KID_MISSING'), 401, (c) => c) },
  },
  {
    id: 'reference-mix-as-format-error',
    area: 'errors',
    features: ['signing-baskets'],
    description:
      'Refuses a bulk or periodic payment in a signing basket with FORMAT_ERROR instead of REFERENCE_MIX_INVALID.',
    clauses: ['errors.REFERENCE_MIX_INVALID', 'states.basket-no-bulk-or-periodic'],
    hooks: { transformResponse: recode(codeIs('REFERENCE_MIX_INVALID'), 400, 'FORMAT_ERROR') },
  },
  {
    id: 'signature-error-401',
    area: 'errors',
    features: ['request-signing', 'headers'],
    description: 'Answers a missing or invalid signature with 401 instead of 400.',
    clauses: ['errors.signature-missing', 'errors.signature-invalid'],
    hooks: { transformResponse: recode(codeIs('SIGNATURE_MISSING', 'SIGNATURE_INVALID'), 401, (c) => c) },
  },
  {
    id: 'error-body-without-system',
    area: 'errors',
    features: ['error-bodies'],
    description: 'Leaves `system` out of the error body.',
    clauses: ['fields.error-body.system', 'fields.error-body'],
    hooks: {
      transformResponse: (reply) => {
        const b = reply.body as Record<string, unknown> | undefined;
        if (reply.status < 400 || !b || typeof b !== 'object' || !('system' in b)) return reply;
        const { system: _system, ...rest } = b;
        return { ...reply, body: rest };
      },
    },
  },
  {
    id: 'error-status-as-string',
    area: 'errors',
    features: ['error-bodies'],
    description: 'Writes the error body\'s status as a string ("400") instead of the integer.',
    clauses: ['fields.error-body.status'],
    hooks: {
      transformResponse: (reply) => {
        const b = reply.body as Record<string, unknown> | undefined;
        return reply.status >= 400 && b && typeof b.status === 'number'
          ? { ...reply, body: { ...b, status: String(b.status) } }
          : reply;
      },
    },
  },
  {
    id: 'emoji-accepted',
    area: 'errors',
    features: ['error-bodies', 'cross-border-payment', 'payments'],
    description: 'Passes characters the downstream system cannot process (emoji) on instead of answering 400.',
    clauses: ['errors.unprocessable-character'],
    hooks: skip('characters'),
  },
  {
    id: 'system-error-html',
    area: 'errors',
    features: ['error-bodies', 'accounts'],
    description:
      'Fails on JSON nested 1000 levels deep and answers 500 with an HTML page instead of the SYSTEM_ERROR error body.',
    clauses: ['errors.SYSTEM_ERROR', 'fields.error-body'],
    hooks: {
      beforeHandle: (_req, body) => {
        if (body.length < 5000) return undefined;
        let depth = 0;
        for (let i = 0; i < body.length && depth < 1000; i++)
          if (body[i] === 0x7b) depth++;
          else if (body[i] === 0x7d) break;
        return depth >= 1000
          ? {
              status: 500,
              headers: { 'content-type': 'text/html' },
              raw: '<html><body><h1>500 Internal Server Error</h1><pre>RangeError: Maximum call stack size exceeded</pre></body></html>',
            }
          : undefined;
      },
    },
  },
  {
    id: 'sca-required-without-verbs',
    area: 'errors',
    features: ['sca-redirect', 'consents-users-agreements', 'transaction-details'],
    description: 'Answers "SCA required" with a 401 whose scaRedirect link has no verbs.',
    clauses: ['errors.sca-required', 'fields.sca-required-response._links', 'fields.link.verbs'],
    hooks: {
      transformResponse: (reply) => {
        const link = (reply.body as any)?._links?.scaRedirect;
        if (reply.status !== 401 || !link) return reply;
        return { ...reply, body: { _links: { scaRedirect: { href: link.href } } } };
      },
    },
  },
];
