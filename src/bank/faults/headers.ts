// Required headers of the detailed operations (§ Endpoints 1, 2, 4, 5): one fault per operation and
// header, each a bank that forgets to require that one header there. Signature and
// TPP-Signature-Certificate are required by the verifier everywhere: see unsigned-accepted (signing.ts).
// Operation 3 (transaction details) shows no required headers.
import type { CheckName } from '../faults.ts';
import { errorBody, type AreaFault } from './support.ts';

const OPS: Array<{ op: string; feature: string; headers: string[] }> = [
  { op: 'create-signing-basket', feature: 'signing-baskets', headers: ['x-accept-fix', 'X-Request-ID', 'TPP-Session-ID', 'TPP-Redirect-URI', 'PSU-ID', 'PSU-IP-Address'] },
  { op: 'create-cross-border-payment', feature: 'cross-border-payment', headers: ['x-accept-fix', 'X-Request-ID', 'TPP-Session-ID', 'TPP-Redirect-URI', 'Digest', 'PSU-ID', 'PSU-IP-Address'] },
  { op: 'create-sandbox-card-transactions', feature: 'sandbox-mock-data', headers: ['X-Request-ID', 'Digest'] },
  { op: 'get-sandbox-account-transactions', feature: 'sandbox-mock-data', headers: ['X-Request-ID'] },
];

const SHORT: Record<string, string> = {
  'create-signing-basket': 'basket', 'create-cross-border-payment': 'cross-border', 'create-sandbox-card-transactions': 'card-transactions', 'get-sandbox-account-transactions': 'sandbox-list',
};

export const HEADER_FAULTS: readonly AreaFault[] = OPS.flatMap(({ op, feature, headers }) => headers.map((h): AreaFault => {
  const lower = h.toLowerCase();
  return {
    id: `${SHORT[op]}-without-${lower}`,
    area: 'headers',
    features: [feature],
    description: `${op} does not require ${h}: a request without it is served.`,
    clauses: [`headers.${op}.${lower}`],
    hooks: { skipChecks: new Set<CheckName>([`required-header:${op}:${lower}`]) },
  };
}));

/** Optional headers of the header table (§ Endpoints > Header parameters) an over-strict bank refuses. */
const OPTIONAL = [
  'Accept-Charset', 'Accept-Encoding', 'Accept-Language', 'TPP-Redirect-Preferred', 'TPP-Brand-Logging-Information', 'PSU-Context', 'PSU-IP-Port',
  'PSU-User-Agent', 'PSU-Accept', 'PSU-Accept-Charset', 'PSU-Accept-Encoding', 'PSU-Accept-Language', 'PSU-HTTP-Method', 'PSU-Device-ID', 'PSU-Geo-Location',
];

export const OPTIONAL_HEADER_FAULTS: readonly AreaFault[] = OPTIONAL.map((h): AreaFault => {
  const lower = h.toLowerCase();
  return {
    id: `${lower}-refused`,
    area: 'headers',
    features: ['headers'],
    description: `Refuses a request that carries the optional header ${h} (400).`,
    clauses: [`headers.${lower}`],
    hooks: { beforeHandle: (req) => (req.headers[lower] !== undefined && (req.url ?? '').startsWith('/v1/') ? errorBody(400, 'FORMAT_ERROR', `header ${h} is not supported`) : undefined) },
  };
});
