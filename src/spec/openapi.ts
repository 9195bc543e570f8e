/**
 * The interface as the project holds it, as an OpenAPI 3.1 document: every operation of operations.ts
 * with its headers (required or not), the schemas of schemas/, the § Errors status/code pairs as
 * responses, the signature headers as security schemes, and an `x-clause` on every operation,
 * parameter, request body, response, schema and security scheme naming the clause ids (clauses.ts)
 * it rests on. An operation whose shapes the spec does not show carries `x-shape: not-shown-by-spec`.
 *
 * Only data of src/spec goes in. Where the spec leaves a method or path open, the caller may pass the
 * routes a profile declares (its `operations` key; the CLI passes the suite's defaults or a dialect's
 * profile); an operation with no route at all is listed under `x-operations-without-path`.
 */
import { BOOKING_STATUSES, PAYMENT_PRODUCTS, PSU_CONTEXTS, PSU_HTTP_METHODS } from './codes.ts';
import { SCA_FLOW_RULES, SIGNING_RULES, TPP_IDENTITY_RULES } from './authentication.ts';
import { ERROR_PAIRS, errorPair, type ErrorPair } from './errors.ts';
import { headerDef, type OperationHeaders } from './headers.ts';
import {
  DETAILED_OPERATIONS,
  OTHER_OPERATIONS,
  pathParams,
  type DocumentedResponse,
  type HttpMethod,
  type QueryParam,
  type Sourced,
  type SuccessStatus,
} from './operations.ts';
import { AMOUNT_KEYWORD, type JsonSchema } from './schemas/common.ts';
import { SCHEMAS, type SchemaEntry, type SchemaName } from './schemas/index.ts';
import { SPEC_DOCUMENT } from './sections.ts';
import { DATE_WINDOW_SECONDS, SIGNABLE_HEADERS, SIGNATURE_ALGORITHM } from './signing.ts';
import { ACCEPT_FIX_REQUIRED, API_RELEASE, DOCUMENTATION_VERSION } from './versioning.ts';

/** Marker of an operation, body or header list whose shape the spec does not show. */
export const NOT_SHOWN = 'not-shown-by-spec';
/** Where component schemas live in the document. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/';
/** The amount keyword of schemas/ under its OpenAPI extension name (an annotation there). */
export const AMOUNT_EXTENSION = 'x-amount';

export type RouteOverride = { readonly method: string; readonly path: string } | null;

export interface OpenApiOptions {
  /**
   * Method and path per operation id where the spec leaves them open (a profile's `operations` key);
   * null: the bank does not offer the operation. Ids the spec does not name are ignored.
   */
  readonly routes?: Readonly<Record<string, RouteOverride>>;
  /** Where the routes come from, recorded with each operation they place (e.g. `profiles/variant.yaml`). */
  readonly routesSource?: string;
  /** The reference bank dialect or bank the document describes, recorded in `info`. */
  readonly dialect?: string;
}

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
};
export type OpenApiOperation = Record<string, unknown> & { operationId: string; 'x-clause': string[] };

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Operation objects of a document, with their method and path. */
export function documentOperations(
  doc: OpenApiDocument,
): Array<{ method: string; path: string; operation: OpenApiOperation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((m) => item[m]).map((method) => ({ method, path, operation: item[method] })),
  );
}

// ---------------------------------------------------------------------------------------------
// Operations: the detailed ones and the others, in one form.

interface Op {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly detailed: boolean;
  readonly method: HttpMethod | null;
  readonly path: string | null;
  readonly pathSource?: Sourced;
  readonly reading?: { readonly method: HttpMethod; readonly path: string } & Sourced;
  readonly sandboxOnly: boolean;
  readonly query: readonly QueryParam[];
  readonly queryClause: (name: string) => string[];
  readonly headers: OperationHeaders | null;
  readonly requestSchema: SchemaName | null;
  readonly requestBody?: 'empty' | 'ignored';
  readonly responseSchema: SchemaName | null;
  readonly success?: SuccessStatus;
  readonly responses: readonly DocumentedResponse[];
  readonly ruleClauses: readonly string[];
}

const OPS: readonly Op[] = [
  ...DETAILED_OPERATIONS.map((op): Op => ({
    id: op.id,
    title: op.title,
    description: op.rules.map((r) => r.text).join(' '),
    detailed: true,
    method: op.method,
    path: op.path,
    pathSource: op.pathSource,
    sandboxOnly: op.sandboxOnly,
    query: op.query,
    queryClause: (name) => [`endpoints.${op.id}.query.${name}`],
    headers: op.headers,
    requestSchema: op.requestSchema,
    responseSchema: op.responseSchema,
    success: op.success,
    responses: op.responses,
    ruleClauses: op.rules.map((r) => `endpoints.${op.id}.${r.id}`),
  })),
  ...OTHER_OPERATIONS.map((op): Op => ({
    id: op.id,
    title: op.id,
    description: op.description,
    detailed: false,
    method: op.method,
    path: op.path,
    pathSource: op.pathSource,
    reading: op.reading,
    sandboxOnly: op.sandboxOnly,
    query: op.query ?? [],
    queryClause: () => [`endpoints.${op.id}`],
    headers: null,
    requestSchema: null,
    requestBody: op.requestBody,
    responseSchema: op.responseSchema ?? null,
    success: op.success,
    responses: [],
    ruleClauses: [],
  })),
];

/** Every operation id of operations.ts, detailed first. */
export const OPERATION_IDS: readonly string[] = OPS.map((op) => op.id);

interface Located {
  readonly method: string;
  readonly path: string;
  readonly source: Sourced;
}

const SPEC_SOURCE: Sourced = { level: 'must', source: 'spec' };

/** Method and path of an operation; null when the routes say the bank has none; undefined when nothing places it. */
function locate(op: Op, options: OpenApiOptions): Located | null | undefined {
  const open = !op.method || !op.path || op.pathSource?.level === 'should';
  const override = options.routes?.[op.id];
  if (open && override !== undefined) {
    if (override === null) return null;
    const from = options.routesSource ? ` (${options.routesSource})` : '';
    return {
      method: override.method.toUpperCase(),
      path: override.path,
      source: { level: 'should', source: `profile key operations.${op.id}${from}` },
    };
  }
  if (op.method && op.path) return { method: op.method, path: op.path, source: op.pathSource ?? SPEC_SOURCE };
  if (op.reading)
    return {
      method: op.reading.method,
      path: op.reading.path,
      source: { level: op.reading.level, source: op.reading.source },
    };
  return undefined;
}

function tagOf(op: Op): string {
  if (op.id === 'register-tpp-contact') return 'tpp-dialogue';
  if (op.sandboxOnly) return 'sandbox';
  const path = op.path ?? op.reading?.path ?? '';
  if (path.startsWith('/v1/signing-baskets')) return 'signing-baskets';
  if (/^\/v1\/(payments|bulk-payments|periodic-payments)\b/.test(path)) return 'payments';
  if (/^\/v1\/(accounts|card-accounts)\b/.test(path)) return 'account-information';
  if (/consents/.test(path)) return 'consents';
  return 'psu-identity';
}

const TAGS = [
  {
    name: 'account-information',
    description:
      'Accounts, balances, transactions and transaction details, card accounts and their transactions (§ What the service does).',
  },
  { name: 'payments', description: 'Payment initiation per payment product, status, cancellation, authorisation.' },
  { name: 'signing-baskets', description: 'Up to 10 created payments grouped under one basket with one status.' },
  { name: 'consents', description: 'Bank-offered consent: an SCA redirect.' },
  { name: 'psu-identity', description: 'Operations that start an SCA to obtain a PSU id, and corporate agreements.' },
  { name: 'sandbox', description: 'Mock-data operations of the sandbox; not part of production.' },
  { name: 'tpp-dialogue', description: 'TPP dialogue operations.' },
];

// ---------------------------------------------------------------------------------------------
// Parameters.

type Parameter = Record<string, unknown> & { name: string; in: string; 'x-clause': string[] };

function headerSchema(name: string, op: Op): JsonSchema {
  const def = headerDef(name);
  if (def.type === 'UUID') return { type: 'string', format: 'uuid' };
  switch (def.name) {
    case 'PSU-Context':
      return { type: 'string', enum: [...PSU_CONTEXTS] };
    case 'PSU-HTTP-Method':
      return { type: 'string', enum: [...PSU_HTTP_METHODS] };
    case 'TPP-Redirect-Preferred':
      return { type: 'string', enum: ['true', 'false'], default: 'true' };
    case 'TPP-Redirect-URI':
      return { type: 'string', format: 'uri' };
    case 'x-accept-fix': {
      const value = ACCEPT_FIX_REQUIRED[op.id as keyof typeof ACCEPT_FIX_REQUIRED];
      // A comma-separated list that carries the required value.
      return value ? { type: 'string', pattern: `(^|,)\\s*${value}\\s*(,|$)` } : { type: 'string' };
    }
    default:
      return { type: 'string' };
  }
}

const SIGNATURE_HEADERS = new Set(['signature', 'tpp-signature-certificate']);

function headerParameter(name: string, op: Op, required: boolean, clauses: string[], note?: string): Parameter {
  const def = headerDef(name);
  const lower = def.name.toLowerCase();
  const fixed =
    ACCEPT_FIX_REQUIRED[op.id as keyof typeof ACCEPT_FIX_REQUIRED] && lower === 'x-accept-fix'
      ? [`versioning.accept-fix.value.${op.id}`]
      : [];
  return {
    name: def.name,
    in: 'header',
    required,
    description: note ? `${def.meaning} ${note}` : def.meaning,
    schema: headerSchema(name, op),
    'x-clause': [...clauses, `headers.${lower}`, ...fixed],
  };
}

/** `Date` is not in the header table but every signed request carries it (§ Authentication, step 9). */
const dateHeader = (): Parameter => ({
  name: 'Date',
  in: 'header',
  required: true,
  description: `RFC 7231 full date, within ${DATE_WINDOW_SECONDS} seconds of server time; a signed request carries it.`,
  schema: { type: 'string' },
  'x-clause': ['signing.date', 'limits.date-skew', 'conventions.date-header'],
});

const stepClause = (rules: typeof SCA_FLOW_RULES, step: number): string =>
  `sca.${rules.find((r) => r.step === step)!.id}`;

/**
 * Headers of an operation: the spec's list for a detailed one; for the others, those § Authentication asks on every
 * request.
 */
function headerParameters(op: Op, method: string): Parameter[] {
  const out: Parameter[] = [dateHeader()];
  if (op.headers) {
    for (const name of op.headers.required) {
      if (!SIGNATURE_HEADERS.has(name.toLowerCase()))
        out.push(headerParameter(name, op, true, [`headers.${op.id}.${name.toLowerCase()}`]));
    }
    for (const name of op.headers.optional) {
      if (!SIGNATURE_HEADERS.has(name.toLowerCase()))
        out.push(headerParameter(name, op, false, [`endpoints.${op.id}`]));
    }
    return out;
  }
  const redirect = stepClause(SCA_FLOW_RULES, 6);
  out.push(
    // "TPP-Redirect-URI is required on every request"; the spec's own sandbox operations do not list it.
    headerParameter(
      'TPP-Redirect-URI',
      op,
      !op.sandboxOnly,
      [redirect],
      op.sandboxOnly
        ? "The spec's sandbox operations do not list it."
        : 'Required on every request (§ Authentication, SCA flow step 6).',
    ),
    headerParameter('X-Request-ID', op, false, ['signing.signing-string']),
    headerParameter('PSU-ID', op, false, [stepClause(SCA_FLOW_RULES, 5)]),
    headerParameter('PSU-Corporate-ID', op, false, [stepClause(SCA_FLOW_RULES, 7)]),
    headerParameter('TPP-Session-ID', op, false, [stepClause(SCA_FLOW_RULES, 8)]),
    headerParameter('TPP-Redirect-Preferred', op, false, [stepClause(SCA_FLOW_RULES, 9)]),
    headerParameter('PSU-IP-Address', op, false, [`endpoints.${op.id}`]),
  );
  if ((method === 'POST' || method === 'PUT') && op.requestBody !== 'empty')
    out.push(headerParameter('Digest', op, false, ['signing.digest']));
  return out;
}

function querySchema(q: QueryParam): JsonSchema {
  switch (q.type) {
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'int32':
      return { type: 'integer', format: 'int32', ...(q.minimum !== undefined ? { minimum: q.minimum } : {}) };
    default:
      return q.name === 'bookingStatus' ? { type: 'string', examples: [...BOOKING_STATUSES] } : { type: 'string' };
  }
}

function pathParameter(name: string, op: Op): Parameter {
  const products = name === 'payment-product' ? { examples: [...PAYMENT_PRODUCTS] } : {};
  const rule = op.ruleClauses.find((c) => c.endsWith('.path-ids'));
  return {
    name,
    in: 'path',
    required: true,
    description: `\`${name}\` of the path.`,
    schema: { type: 'string', ...products },
    'x-clause': [`endpoints.${op.id}`, ...(rule ? [rule] : [])],
  };
}

// ---------------------------------------------------------------------------------------------
// Schemas: the registry of schemas/, $ids dropped and references pointed into components.

function convertSchema(node: unknown, inProperties = false): unknown {
  if (Array.isArray(node)) return node.map((item) => convertSchema(item));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (inProperties) {
      out[key] = convertSchema(value);
    } else if (key === '$id') {
      continue;
    } else if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) {
      out.$ref = `${SCHEMA_REF_PREFIX}${value}`;
    } else if (key === AMOUNT_KEYWORD) {
      out[AMOUNT_EXTENSION] = value;
    } else if (key.startsWith('x-') || key === 'enum' || key === 'const' || key === 'examples' || key === 'default') {
      out[key] = value;
    } else {
      out[key] = convertSchema(value, key === 'properties' || key === 'patternProperties' || key === '$defs');
    }
  }
  return out;
}

function componentSchema(name: SchemaName, entry: SchemaEntry): JsonSchema {
  const schema = convertSchema(entry.schema) as Record<string, unknown>;
  schema['x-clause'] = [`fields.${entry.resource}`];
  if (entry.resource === name && schema.properties) {
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    for (const [field, property] of Object.entries(properties)) {
      if (property.description) properties[field] = { ...property, 'x-clause': [`fields.${entry.resource}.${field}`] };
    }
  }
  return schema;
}

const schemaRef = (name: SchemaName): JsonSchema => ({ $ref: `${SCHEMA_REF_PREFIX}${name}` });

// ---------------------------------------------------------------------------------------------
// Responses.

const ERROR_STATUSES = [...new Set(ERROR_PAIRS.map((pair) => pair.status))];
const errorResponseName = (status: number): string => `error-${status}`;

function errorExample(pair: ErrorPair): unknown {
  if (pair.body === 'sca-required')
    return { _links: { scaRedirect: { href: 'https://bank.example/sca/start', verbs: ['GET'] } } };
  return { id: 'e-1', system: 'bank', status: pair.status, code: pair.code, message: pair.when };
}

const pairLine = (pair: ErrorPair): string => `${pair.code ?? `(no code shown: ${pair.id})`}: ${pair.when}`;

function errorResponse(
  status: number,
  pairs: readonly ErrorPair[],
  extraClauses: string[] = [],
): Record<string, unknown> {
  const schema: SchemaName = pairs.some((p) => p.body === 'sca-required') ? 'sca-required-response' : 'error-body';
  // Examples only where the spec shows the body's code (or the SCA answer).
  const examples = Object.fromEntries(
    pairs
      .filter((pair) => pair.code || pair.body === 'sca-required')
      .map((pair) => [pair.id, { summary: pair.when, value: errorExample(pair) }]),
  );
  return {
    description: `§ Errors, status ${status}. ${pairs.map(pairLine).join('; ')}.`,
    content: {
      'application/json': { schema: schemaRef(schema), ...(Object.keys(examples).length ? { examples } : {}) },
    },
    'x-error-pairs': pairs.map((pair) => ({
      id: pair.id,
      status: pair.status,
      code: pair.code,
      when: pair.when,
      clause: pair.clause,
      ...(pair.tppMessageCodes ? { tppMessageCodes: pair.tppMessageCodes } : {}),
    })),
    'x-clause': [...extraClauses, ...pairs.map((pair) => pair.clause)],
  };
}

function successResponses(op: Op): Record<string, unknown> {
  const shape = op.responseSchema
    ? { content: { 'application/json': { schema: schemaRef(op.responseSchema) } } }
    : { content: { 'application/json': { schema: {} } }, 'x-shape': NOT_SHOWN };
  // No success status in the spec nor a Berlin Group one recorded: any 2xx, marked.
  if (!op.success)
    return {
      '2XX': {
        description: 'Success: status not shown by the spec.',
        ...shape,
        'x-success': NOT_SHOWN,
        'x-clause': [`endpoints.${op.id}`],
      },
    };
  const partial =
    !op.detailed && op.responseSchema
      ? ' The schema holds the fields the spec states (§ States); the rest of the body is not shown.'
      : '';
  return Object.fromEntries(
    op.success.statuses.map((status) => [
      String(status),
      {
        description: `Success (${op.success!.level === 'must' ? 'stated by the spec' : op.success!.source}).${partial}`,
        ...(status === 204 ? {} : shape),
        'x-clause': [`endpoints.${op.id}.success`],
        'x-level': op.success!.level,
      },
    ]),
  );
}

function operationResponses(op: Op): Record<string, unknown> {
  const responses: Record<string, unknown> = successResponses(op);
  if (op.responses.length) {
    for (const r of op.responses) {
      const pairs = (r.errorIds ?? []).map(errorPair);
      responses[String(r.status)] = errorResponse(r.status, pairs, [`endpoints.${op.id}.status.${r.status}`]);
    }
    return responses;
  }
  for (const status of ERROR_STATUSES)
    responses[String(status)] = { $ref: `#/components/responses/${errorResponseName(status)}` };
  return responses;
}

// ---------------------------------------------------------------------------------------------
// The document.

function operationObject(op: Op, where: Located): OpenApiOperation {
  const parameters: Parameter[] = [
    ...pathParams(where.path).map((name) => pathParameter(name, op)),
    ...op.query.map((q): Parameter => ({
      name: q.name,
      in: 'query',
      required: q.required,
      description: q.rule,
      schema: querySchema(q),
      'x-clause': op.queryClause(q.name),
    })),
    ...headerParameters(op, where.method),
  ];
  const notShown = !op.detailed;
  const body = (): Record<string, unknown> | undefined => {
    if (op.requestSchema) {
      return {
        required: true,
        content: { 'application/json': { schema: schemaRef(op.requestSchema) } },
        'x-clause': [`fields.${SCHEMAS.get(op.requestSchema)!.resource}`, 'conventions.json-utf8'],
      };
    }
    if (op.detailed || op.requestBody === 'empty' || !['POST', 'PUT'].includes(where.method)) return undefined;
    return {
      required: false,
      description: op.requestBody === 'ignored' ? 'The body is ignored.' : 'Body not shown by the spec.',
      content: { 'application/json': { schema: {} } },
      'x-shape': NOT_SHOWN,
      'x-clause': [`endpoints.${op.id}`, 'conventions.json-utf8'],
    };
  };
  const requestBody = body();
  return {
    operationId: op.id,
    summary: op.title,
    description: op.description,
    tags: [tagOf(op)],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: operationResponses(op),
    'x-clause': [`endpoints.${op.id}`, ...op.ruleClauses, ...(op.sandboxOnly ? ['conventions.sandbox-only'] : [])],
    'x-path-source': where.source,
    'x-sandbox-only': op.sandboxOnly,
    ...(op.headers
      ? {
          'x-headers': {
            required: op.headers.required,
            optional: op.headers.optional,
            requiredShown: op.headers.requiredShown,
            ...(op.headers.note ? { note: op.headers.note } : {}),
          },
        }
      : { 'x-headers': NOT_SHOWN }),
    ...(op.success ? {} : { 'x-success': NOT_SHOWN }),
    ...(notShown ? { 'x-shape': NOT_SHOWN } : {}),
  };
}

const SECURITY_SCHEMES = {
  Signature: {
    type: 'apiKey',
    in: 'header',
    name: 'Signature',
    description: `HTTP message signature (§ Authentication > Request signing): \`keyId="SN=<hex serial>,CA=<issuer DN>",algorithm="${SIGNATURE_ALGORITHM}",headers="<signed names>",signature="<Base64 RSA-SHA256>"\` over the signed set (${SIGNABLE_HEADERS.join(', ')}); RFC 2047 wrapped when not ASCII. A request without one, or with one that fails validation, is answered 400.`,
    'x-clause': [
      'headers.signature',
      ...SIGNING_RULES.filter((r) => r.id !== 'response-signature').map((r) => `signing.${r.id}`),
    ],
  },
  'TPP-Signature-Certificate': {
    type: 'apiKey',
    in: 'header',
    name: 'TPP-Signature-Certificate',
    description:
      "Base64 certificate used for signing: the TPP's qualified eIDAS certificate (§ Authentication > TPP identity).",
    'x-clause': [
      'headers.tpp-signature-certificate',
      'signing.headers-present',
      ...TPP_IDENTITY_RULES.map((r) => `tpp.${r.id}`),
    ],
  },
};

/** The OpenAPI 3.1 document of the interface as src/spec holds it. */
export function buildOpenApi(options: OpenApiOptions = {}): OpenApiDocument {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  const withoutPath: unknown[] = [];
  const absent: unknown[] = [];
  for (const op of OPS) {
    const where = locate(op, options);
    const entry = { operationId: op.id, description: op.description, 'x-clause': [`endpoints.${op.id}`] };
    if (where === undefined) {
      withoutPath.push({
        ...entry,
        method: op.method,
        path: op.path,
        reason: "the spec shows no method or path, and no route was given (a profile's operations key)",
      });
      continue;
    }
    if (where === null) {
      absent.push({
        ...entry,
        reason: `the profile declares operations.${op.id}: null${options.routesSource ? ` (${options.routesSource})` : ''}`,
      });
      continue;
    }
    const method = where.method.toLowerCase();
    const item = (paths[where.path] ??= {});
    if (item[method]) throw new Error(`${where.method} ${where.path} is both ${item[method].operationId} and ${op.id}`);
    item[method] = operationObject(op, where);
  }
  const schemas = Object.fromEntries(
    [...SCHEMAS.entries()].map(([name, entry]) => [name, componentSchema(name, entry)]),
  );
  const responses = Object.fromEntries(
    ERROR_STATUSES.map((status) => [
      errorResponseName(status),
      errorResponse(
        status,
        ERROR_PAIRS.filter((p) => p.status === status),
      ),
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Open Banking Payment and Account Information Service',
      version: API_RELEASE,
      summary: 'A bank-side XS2A 1.3 style interface for licensed TPPs, as the conformance suite holds it.',
      description:
        `Generated by \`xs2a-conformance openapi\` from src/spec (the data of ${SPEC_DOCUMENT}, documentation ${DOCUMENTATION_VERSION}, API release ${API_RELEASE}). ` +
        '`x-clause` names the clause ids (src/spec/clauses.ts) an item rests on; `x-shape: not-shown-by-spec` marks what the spec names without showing; ' +
        "`x-path-source` says whether a method and path are the spec's (must) or a Berlin Group NextGenPSD2 1.3 value, a reading or a profile's (should).",
      'x-dialect': options.dialect ?? 'default',
      ...(options.routesSource ? { 'x-routes-source': options.routesSource } : {}),
    },
    servers: [
      {
        url: '{base_url}',
        description: 'Base address of the bank; paths carry the version prefix.',
        variables: { base_url: { default: 'https://psd2.bank.example' } },
      },
    ],
    tags: TAGS,
    security: [{ Signature: [], 'TPP-Signature-Certificate': [] }],
    paths,
    components: { schemas, responses, securitySchemes: SECURITY_SCHEMES },
    'x-clause': ['versioning.path-prefix', 'conventions.json-utf8', 'conventions.tls'],
    ...(withoutPath.length ? { 'x-operations-without-path': withoutPath } : {}),
    ...(absent.length ? { 'x-absent-operations': absent } : {}),
  } as OpenApiDocument;
}
