/**
 * Request headers: spec § Endpoints > Header parameters used by the described operations, the
 * required/optional split of each detailed operation (§ Endpoints 1-5). The signed header set
 * (§ Authentication > Request signing) is in signing.ts. Names are spelled as the spec spells them; HTTP header names
 * are case-insensitive, so lookups go through lower case.
 */
import type { DetailedOperationId } from './operation-ids.ts';

export interface HeaderDef {
  readonly name: string;
  readonly type: 'string' | 'UUID';
  readonly meaning: string;
  /** Set for the rows that name a family of headers (Accept..., PSU-Accept...). */
  readonly family?: 'Accept' | 'PSU-Accept';
}

export const ACCEPT_FAMILY = ['Accept', 'Accept-Charset', 'Accept-Encoding', 'Accept-Language'] as const;
export const PSU_ACCEPT_FAMILY = [
  'PSU-Accept',
  'PSU-Accept-Charset',
  'PSU-Accept-Encoding',
  'PSU-Accept-Language',
] as const;

const family = (names: readonly string[], name: HeaderDef['family'], meaning: string): HeaderDef[] =>
  names.map((n) => ({ name: n, type: 'string', meaning, family: name }));
const h = (name: string, meaning: string, type: HeaderDef['type'] = 'string'): HeaderDef => ({ name, type, meaning });

/** Every row of the header table, in the spec's order, family rows expanded. */
export const HEADERS: readonly HeaderDef[] = [
  h(
    'x-accept-fix',
    'Opt-in to future breaking changes; comma-separated list (see Versioning). Required on the basket and cross-border operations; on the basket operation its value is `amount-as-string`.',
  ),
  ...family(
    ACCEPT_FAMILY,
    'Accept',
    'Standard content negotiation; the server answers with Content-Type, Content-Encoding and Content-Language.',
  ),
  h('Host', 'Server domain name, optionally with port.'),
  h('Content-Type', 'Type of data sent.'),
  h('X-Request-ID', 'Request identifier unique to the call, chosen by the TPP.'),
  h('TPP-Session-ID', 'TPP session identifier.'),
  h('TPP-Redirect-URI', 'TPP address to which the PSU is redirected after SCA.'),
  h(
    'TPP-Redirect-Preferred',
    '`false` triggers biometric authentication automatically for mobile apps when available. Default is true.',
  ),
  h('TPP-Brand-Logging-Information', 'Brand of the TPP shown to the PSU, if applicable.'),
  h('Digest', 'Base64 sha256 or sha512 hash of the body (RFC 3230 and RFC 5843).'),
  h('TPP-Signature-Certificate', 'Base64 certificate used for signing.'),
  h('Signature', 'HTTP message signature (see Authentication).'),
  h('PSU-ID', 'PSU identifier.', 'UUID'),
  h('X-PSU-IDENTITY', 'Alternative to PSU-ID: Norwegian national identity or D-number.'),
  h('PSU-Corporate-ID', 'Identifier of the PSU corporate agreement.'),
  h(
    'PSU-Context',
    '`PRIVATE` or `CORPORATE`. Required for single-SCA payment initiation; elsewhere, when unset the PSU is asked to choose at first SCA.',
  ),
  h('PSU-IP-Address', 'IP address between PSU and TPP.'),
  h('PSU-IP-Port', 'Forwarded port, if available.'),
  h('PSU-User-Agent', 'Forwarded User-Agent, if available.'),
  ...family(PSU_ACCEPT_FAMILY, 'PSU-Accept', 'Forwarded values, if available.'),
  h('PSU-HTTP-Method', 'One of `GET`, `POST`, `PUT`, `PATCH`, `DELETE`; forwarded, if available.'),
  h('PSU-Device-ID', 'Forwarded device identifier, if available.', 'UUID'),
  h('PSU-Geo-Location', 'Forwarded geo location, if available.'),
].map((def) => Object.freeze(def));

const BY_LOWER: ReadonlyMap<string, HeaderDef> = new Map(HEADERS.map((def) => [def.name.toLowerCase(), def]));

/** Header row by name, case-insensitive; throws on a header the table does not have. */
export function headerDef(name: string): HeaderDef {
  const def = BY_LOWER.get(name.toLowerCase());
  if (!def)
    throw new Error(
      `header ${JSON.stringify(name)} is not in the spec's header table (§ Endpoints > Header parameters)`,
    );
  return def;
}

export interface OperationHeaders {
  /** Required headers as the spec lists them (empty where the spec does not show which are required). */
  readonly required: readonly string[];
  readonly optional: readonly string[];
  /** False where the spec says which headers are required is not shown. */
  readonly requiredShown: boolean;
  readonly note?: string;
}

const PSU_HEADERS = HEADERS.filter((def) => /^(PSU-|X-PSU-)/.test(def.name)).map((def) => def.name);
const SIGNING_HEADERS = ['X-Request-ID', 'TPP-Redirect-URI', 'Digest', 'TPP-Signature-Certificate', 'Signature'];
const CROSS_BORDER_REQUIRED = [
  'x-accept-fix',
  'X-Request-ID',
  'TPP-Session-ID',
  'TPP-Redirect-URI',
  'Digest',
  'TPP-Signature-Certificate',
  'Signature',
  'PSU-ID',
  'PSU-IP-Address',
];

/** § Endpoints 1-5: which headers each detailed operation requires and accepts, exactly as listed. */
export const OPERATION_HEADERS: Readonly<Record<DetailedOperationId, OperationHeaders>> = {
  'create-signing-basket': {
    required: [
      'x-accept-fix',
      'X-Request-ID',
      'TPP-Session-ID',
      'TPP-Redirect-URI',
      'TPP-Signature-Certificate',
      'Signature',
      'PSU-ID',
      'PSU-IP-Address',
    ],
    optional: [
      ...ACCEPT_FAMILY,
      'Host',
      'TPP-Redirect-Preferred',
      'PSU-Corporate-ID',
      'PSU-IP-Port',
      'PSU-User-Agent',
      ...PSU_ACCEPT_FAMILY,
      'PSU-HTTP-Method',
      'PSU-Device-ID',
      'PSU-Geo-Location',
    ],
    requiredShown: true,
    note: 'The spec lists neither Digest nor Content-Type for this operation.',
  },
  'create-cross-border-payment': {
    required: CROSS_BORDER_REQUIRED,
    // "Optional headers: the rest of the table above."
    optional: HEADERS.map((def) => def.name).filter((name) => !CROSS_BORDER_REQUIRED.includes(name)),
    requiredShown: true,
  },
  'get-transaction-details': {
    required: [],
    optional: [...SIGNING_HEADERS, ...PSU_HEADERS],
    requiredShown: false,
    note: '"the signing and PSU headers from the table above. Which are required: not shown." Read here as the signature headers plus X-Request-ID and TPP-Redirect-URI (both in the signed set) and every PSU header.',
  },
  'create-sandbox-card-transactions': {
    required: ['X-Request-ID', 'Digest', 'TPP-Signature-Certificate', 'Signature'],
    optional: ['Content-Type', ...ACCEPT_FAMILY, 'Host'],
    requiredShown: true,
    note: 'The spec lists Host without saying required or optional; HTTP/1.1 sends it on every request anyway.',
  },
  'get-sandbox-account-transactions': {
    required: ['X-Request-ID', 'TPP-Signature-Certificate', 'Signature'],
    optional: [...ACCEPT_FAMILY, 'Host'],
    requiredShown: true,
  },
};

for (const [op, { required, optional }] of Object.entries(OPERATION_HEADERS)) {
  for (const name of [...required, ...optional]) headerDef(name);
  const both = required.filter((name) => optional.includes(name));
  if (both.length) throw new Error(`${op}: ${both.join(', ')} listed as both required and optional`);
}
