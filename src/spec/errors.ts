/**
 * The HTTP status and code pairs of spec § Errors. Rows without a code are split into one pair per
 * situation the spec names, each with a kebab-case id; rows with a code use the code as id.
 */

export interface ErrorPair {
  /** Stable id: the error code, or a kebab-case name where the spec shows no code. */
  readonly id: string;
  readonly status: number;
  /** `code` of the error body; null where the spec shows none. */
  readonly code: string | null;
  /** The spec's "When" text. */
  readonly when: string;
  /** `error` = error body of § Resources; `sca-required` = object with `_links.scaRedirect`. */
  readonly body: 'error' | 'sca-required';
  /** tppMessages codes that go with this pair, where the spec ties them to it. */
  readonly tppMessageCodes?: readonly string[];
  /** Clause id in clauses.ts. */
  readonly clause: string;
}

type Row = Omit<ErrorPair, 'clause'>;

const ROWS: readonly Row[] = [
  { id: 'FORMAT_ERROR', status: 400, code: 'FORMAT_ERROR', when: 'malformed request', body: 'error' },
  {
    id: 'QUERY_PARAMETER_REQUIRED',
    status: 400,
    code: 'QUERY_PARAMETER_REQUIRED',
    when: 'a required query parameter is missing',
    body: 'error',
  },
  {
    id: 'PERIOD_INVALID',
    status: 400,
    code: 'PERIOD_INVALID',
    when: 'invalid period in a list request',
    body: 'error',
  },
  {
    id: 'REFERENCE_MIX_INVALID',
    status: 400,
    code: 'REFERENCE_MIX_INVALID',
    when: 'bulk or periodic payment put in a signing basket',
    body: 'error',
  },
  // The 400 row with no code lists four situations; § Authentication separates missing from invalid signatures.
  {
    id: 'signature-missing',
    status: 400,
    code: null,
    when: 'a request that should be signed has no signature',
    body: 'error',
  },
  { id: 'signature-invalid', status: 400, code: null, when: 'a signature fails validation', body: 'error' },
  {
    id: 'unprocessable-character',
    status: 400,
    code: null,
    when: 'a character the downstream system cannot process, such as an emoji',
    body: 'error',
  },
  {
    id: 'corporate-id-missing',
    status: 400,
    code: null,
    when: 'corporate user without PSU-Corporate-ID',
    body: 'error',
  },
  // "KID errors return status 400" (since release 1.7.0, formerly 401); their tppMessages codes are KID_*.
  {
    id: 'kid-error',
    status: 400,
    code: null,
    when: 'KID errors',
    body: 'error',
    tppMessageCodes: ['KID_MISSING', 'KID_INVALID'],
  },
  { id: 'sca-required', status: 401, code: null, when: 'SCA required', body: 'sca-required' },
  {
    id: 'RESOURCE_UNKNOWN',
    status: 404,
    code: 'RESOURCE_UNKNOWN',
    when: 'resource, for example an account, not found',
    body: 'error',
  },
  { id: 'ACCESS_EXCEEDED', status: 429, code: 'ACCESS_EXCEEDED', when: 'call allowance exceeded', body: 'error' },
  { id: 'SYSTEM_ERROR', status: 500, code: 'SYSTEM_ERROR', when: 'internal failure', body: 'error' },
];

export const ERROR_PAIRS: readonly ErrorPair[] = ROWS.map((row) =>
  Object.freeze({ ...row, clause: `errors.${row.id}` }),
);

const BY_ID: ReadonlyMap<string, ErrorPair> = new Map(ERROR_PAIRS.map((pair) => [pair.id, pair]));

/** Error pair by id; throws on an unknown id. */
export function errorPair(id: string): ErrorPair {
  const pair = BY_ID.get(id);
  if (!pair) throw new Error(`unknown error pair ${JSON.stringify(id)}; known: ${[...BY_ID.keys()].join(', ')}`);
  return pair;
}

/** Error codes of the pairs table (the non-null ones). */
export const ERROR_CODES: readonly string[] = ERROR_PAIRS.flatMap((pair) => (pair.code ? [pair.code] : []));
