// Required headers of the detailed operations (§ Endpoints 1, 2, 4, 5): one fault per operation and
// header, each a bank that forgets to require that one header there. Signature and
// TPP-Signature-Certificate are required by the verifier everywhere: see unsigned-accepted (signing.ts).
// Operation 3 (transaction details) shows no required headers.
import type { IncomingMessage } from 'node:http';
import type { CheckName } from '../seam.ts';
import { wireStatus } from '../../spec/wire-codes.ts';
import { errorBody, mapJson, rawHeader, skip, wrongWire, type AreaFault } from './support.ts';

const OPS: Array<{ op: string; feature: string; headers: string[] }> = [
  {
    op: 'create-signing-basket',
    feature: 'signing-baskets',
    headers: ['x-accept-fix', 'X-Request-ID', 'TPP-Session-ID', 'TPP-Redirect-URI', 'PSU-ID', 'PSU-IP-Address'],
  },
  {
    op: 'create-cross-border-payment',
    feature: 'cross-border-payment',
    headers: [
      'x-accept-fix',
      'X-Request-ID',
      'TPP-Session-ID',
      'TPP-Redirect-URI',
      'Digest',
      'PSU-ID',
      'PSU-IP-Address',
    ],
  },
  { op: 'create-sandbox-card-transactions', feature: 'sandbox-mock-data', headers: ['X-Request-ID', 'Digest'] },
  { op: 'get-sandbox-account-transactions', feature: 'sandbox-mock-data', headers: ['X-Request-ID'] },
];

const SHORT: Record<string, string> = {
  'create-signing-basket': 'basket',
  'create-cross-border-payment': 'cross-border',
  'create-sandbox-card-transactions': 'card-transactions',
  'get-sandbox-account-transactions': 'sandbox-list',
};

export const HEADER_FAULTS: readonly AreaFault[] = OPS.flatMap(({ op, feature, headers }) =>
  headers.map((h): AreaFault => {
    const lower = h.toLowerCase();
    return {
      id: `${SHORT[op]}-without-${lower}`,
      area: 'headers',
      features: [feature],
      description: `${op} does not require ${h}: a request without it is served.`,
      clauses: [`headers.${op}.${lower}`],
      hooks: { skipChecks: new Set<CheckName>([`required-header:${op}:${lower}`]) },
    };
  }),
);

/** Optional headers of the header table (§ Endpoints > Header parameters) an over-strict bank refuses. */
const OPTIONAL = [
  'Accept-Charset',
  'Accept-Encoding',
  'Accept-Language',
  'TPP-Redirect-Preferred',
  'TPP-Brand-Logging-Information',
  'PSU-Context',
  'PSU-IP-Port',
  'PSU-User-Agent',
  'PSU-Accept',
  'PSU-Accept-Charset',
  'PSU-Accept-Encoding',
  'PSU-Accept-Language',
  'PSU-HTTP-Method',
  'PSU-Device-ID',
  'PSU-Geo-Location',
];

export const OPTIONAL_HEADER_FAULTS: readonly AreaFault[] = OPTIONAL.map((h): AreaFault => {
  const lower = h.toLowerCase();
  return {
    id: `${lower}-refused`,
    area: 'headers',
    features: ['headers'],
    description: `Refuses a request that carries the optional header ${h} (400).`,
    clauses: [`headers.${lower}`],
    hooks: {
      beforeHandle: (req) =>
        req.headers[lower] !== undefined && (req.url ?? '').startsWith('/v1/')
          ? errorBody('FORMAT_ERROR', `header ${h} is not supported`)
          : undefined,
    },
  };
});

/**
 * A header refused when its value matches, on every /v1 request: 400 FORMAT_ERROR, or a status and
 * code outside the table of wire codes (406/415, which the reference bank never sends) on purpose.
 */
const refuseWhen =
  (
    name: string,
    bad: (v: string) => boolean,
    why: string,
    status = wireStatus('FORMAT_ERROR'),
    code = 'FORMAT_ERROR',
  ) =>
  (req: IncomingMessage) => {
    const v = rawHeader(req, name);
    return v !== undefined && bad(v) && (req.url ?? '').startsWith('/v1/') ? wrongWire(status, code, why) : undefined;
  };

const XML_BODY = '<?xml version="1.0" encoding="UTF-8"?><response><status>ok</status></response>';

/**
 * Header values of the header table a faulty bank reads wrongly (each breaks one row of § Endpoints > Header
 * parameters).
 */
export const HEADER_VALUE_FAULTS: readonly AreaFault[] = [
  {
    id: 'accept-json-406',
    area: 'headers',
    replay: 'clauses',
    description:
      'Answers 406 to Accept: application/json (it matches only the exact "application/json; charset=utf-8" it produces).',
    clauses: ['headers.accept'],
    hooks: {
      beforeHandle: refuseWhen(
        'accept',
        (v) => v.trim() === 'application/json',
        'Accept application/json is not acceptable; send application/json; charset=utf-8',
        406,
        'NOT_ACCEPTABLE',
      ),
    },
  },
  {
    id: 'xml-answered',
    area: 'headers',
    replay: 'clauses',
    description: 'Answers XML to a TPP whose Accept asks for application/xml (XML is not supported: bodies are JSON).',
    clauses: ['conventions.json-utf8', 'headers.accept'],
    hooks: {
      transformResponse: (reply, ctx) =>
        /xml/i.test(ctx.req?.headers.accept ?? '') && reply.body !== undefined
          ? {
              status: reply.status,
              headers: { ...(reply.headers ?? {}), 'content-type': 'application/xml; charset=utf-8' },
              raw: XML_BODY,
            }
          : reply,
    },
  },
  {
    id: 'x-request-id-max-32',
    area: 'headers',
    replay: 'clauses',
    description: 'Refuses an X-Request-ID longer than 32 characters, so a UUID with hyphens (36) is refused.',
    clauses: ['headers.x-request-id'],
    hooks: {
      beforeHandle: refuseWhen('x-request-id', (v) => v.length > 32, 'X-Request-ID is longer than 32 characters'),
    },
  },
  {
    id: 'psu-ip-address-ipv4-only',
    area: 'headers',
    replay: 'clauses',
    description: 'Refuses a PSU-IP-Address that is not an IPv4 address (an IPv6 PSU address is refused).',
    clauses: ['headers.psu-ip-address'],
    hooks: {
      beforeHandle: refuseWhen(
        'psu-ip-address',
        (v) => !/^\d{1,3}(\.\d{1,3}){3}$/.test(v.trim()),
        'PSU-IP-Address is not an IPv4 address',
      ),
    },
  },
  {
    id: 'host-with-port-refused',
    area: 'headers',
    replay: 'clauses',
    description: 'Refuses a Host header that names a port (it compares Host with its bare server name).',
    clauses: ['headers.host'],
    hooks: { beforeHandle: refuseWhen('host', (v) => /:\d+$/.test(v.trim()), 'Host names a port') },
  },
  {
    id: 'content-type-charset-refused',
    area: 'headers',
    replay: 'clauses',
    description:
      'Refuses a JSON body whose Content-Type carries parameters ("application/json; charset=utf-8"): it compares the whole value.',
    clauses: ['headers.content-type'],
    hooks: {
      beforeHandle: refuseWhen(
        'content-type',
        (v) => v.includes(';'),
        'Content-Type must be application/json',
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ),
    },
  },
  {
    id: 'x-psu-identity-ignored',
    area: 'headers',
    replay: 'clauses',
    description:
      'Does not take X-PSU-IDENTITY as an alternative to PSU-ID: a PSU named by it is unknown (401 scaRedirect).',
    clauses: ['headers.x-psu-identity'],
    hooks: skip('x-psu-identity'),
  },
  {
    id: 'psu-context-unchecked',
    area: 'headers',
    replay: 'clauses',
    description: 'Takes any PSU-Context value (private, BUSINESS), not only PRIVATE or CORPORATE.',
    clauses: ['headers.psu-context'],
    hooks: skip('header-format:psu-context'),
  },
  {
    id: 'date-response-header-iso',
    area: 'headers',
    replay: 'clauses',
    description: 'Writes the Date response header as an ISO 8601 timestamp instead of an RFC 7231 date.',
    clauses: ['conventions.date-header'],
    hooks: {
      transformResponse: (reply, ctx) => ({
        ...reply,
        headers: { ...(reply.headers ?? {}), date: new Date(ctx.bank.now()).toISOString() },
      }),
    },
  },
  {
    id: 'json-dates-without-offset',
    area: 'headers',
    replay: 'clauses',
    description: 'Writes the date-times of balances (lastChangeDateTime) in local time without an offset.',
    clauses: ['conventions.date-json'],
    hooks: {
      transformResponse: mapJson(['list-accounts', 'get-account', 'get-balances'], (b) => {
        for (const a of [...(b?.accounts ?? []), ...(b?.account ? [b.account] : []), b]) {
          for (const x of a?.balances ?? [])
            if (typeof x?.lastChangeDateTime === 'string')
              x.lastChangeDateTime = x.lastChangeDateTime.replace(/(\.\d+)?Z$/, '');
        }
        return b;
      }),
    },
  },
];
