// The OpenAPI 3.1 document of src/spec: valid for a well-kept OpenAPI 3.1 validator
// (@seriousme/openapi-schema-validator, the official OAS 3.1 schema), every operation of
// src/spec/operations.ts in it, each item pointing back to its clauses, and its schemas accepting what
// the reference bank answers (no OpenAPI mock server installs here without a heavy tool chain: this is the
// fallback). Each check is shown failing on a document broken on purpose.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiFor } from '../../src/cli/commands/openapi.ts';
import { UsageError } from '../../src/cli/errors.ts';
import { clauseById } from '../../src/spec/clauses.ts';
import { ERROR_PAIRS } from '../../src/spec/errors.ts';
import {
  AMOUNT_EXTENSION,
  buildOpenApi,
  documentOperations,
  NOT_SHOWN,
  OPERATION_IDS,
  type OpenApiDocument,
} from '../../src/spec/openapi.ts';
import { DETAILED_OPERATIONS, OTHER_OPERATIONS } from '../../src/spec/operations.ts';
import { SCHEMA_NAMES } from '../../src/spec/schemas/index.ts';
import {
  accountsOf,
  consentFor,
  crossBorderBody,
  domesticBody,
  FIX,
  privateNids,
  PSU_IP,
  REDIRECT,
  scaHref,
  testBank,
  type TestBank,
} from '../bank/helpers.ts';
import { cli, ROOT } from '../helpers/cli.ts';

const clone = <T>(x: T): T => structuredClone(x);

async function oasErrors(doc: unknown): Promise<unknown[]> {
  const r = await new Validator().validate(clone(doc) as Record<string, unknown>);
  return r.valid ? [] : Array.isArray(r.errors) ? r.errors : [r.errors];
}

/** Ids of operations.ts that are not an operation of the document (by operationId, under a path). */
function missingOperations(doc: OpenApiDocument): string[] {
  const present = new Set(documentOperations(doc).map((o) => o.operation.operationId));
  return [...DETAILED_OPERATIONS, ...OTHER_OPERATIONS].map((op) => op.id).filter((id) => !present.has(id));
}

/** What the validator's JSON Schema does not check: ids, path templates, references, clause ids. */
function semanticProblems(doc: OpenApiDocument): string[] {
  const problems: string[] = [];
  const ops = documentOperations(doc);
  const ids = ops.map((o) => o.operation.operationId);
  if (new Set(ids).size !== ids.length) problems.push('operationIds repeat');
  const shapes = new Map<string, string>();
  for (const path of Object.keys(doc.paths)) {
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    if (shapes.has(shape)) problems.push(`${path} and ${shapes.get(shape)} are the same path template`);
    shapes.set(shape, path);
  }
  for (const { method, path, operation } of ops) {
    const params = (operation.parameters ?? []) as Array<{ name: string; in: string; required?: boolean }>;
    for (const name of [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
      if (!params.some((p) => p.in === 'path' && p.name === name && p.required === true))
        problems.push(`${method} ${path}: path parameter ${name} not declared`);
    }
    const keys = params.map((p) => `${p.in}:${p.name.toLowerCase()}`);
    if (new Set(keys).size !== keys.length) problems.push(`${method} ${path}: a parameter repeats`);
  }
  const text = JSON.stringify(doc);
  for (const m of text.matchAll(/"\$ref":"#\/([^"]+)"/g)) {
    const target = m[1]
      .split('/')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
        doc,
      );
    if (target === undefined) problems.push(`unresolved $ref #/${m[1]}`);
  }
  JSON.parse(text, (key, value) => {
    if (key === 'x-clause') {
      for (const id of value as string[]) {
        try {
          clauseById(id);
        } catch {
          problems.push(`unknown clause ${id}`);
        }
      }
    }
    return value;
  });
  return problems;
}

// ajv-formats is CommonJS: under NodeNext its plugin is `.default` for the type checker, the module itself at run time.
const addFormats = formatsModule.default ?? (formatsModule as unknown as typeof formatsModule.default);

/**
 * An Ajv holding the document's component schemas, strict: unknown keywords other than the document's x- annotations
 * fail.
 */
function documentAjv(doc: OpenApiDocument): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  addFormats(ajv, ['date']);
  ajv.addFormat('iban', { type: 'string', validate: (v: string) => isValidIBAN(v) });
  ajv.addFormat('bic', { type: 'string', validate: (v: string) => isValidBIC(v) });
  const extensions = new Set<string>();
  JSON.stringify(doc.components.schemas, (key, value) => {
    if (key.startsWith('x-')) extensions.add(key);
    return value;
  });
  for (const keyword of extensions) ajv.addKeyword({ keyword });
  ajv.addKeyword({ keyword: 'components' });
  ajv.addSchema({ $id: 'openapi', components: { schemas: doc.components.schemas } });
  return ajv;
}

/** Finds the operation of an answered request: the path templates that match, the most literal first. */
function operationFor(doc: OpenApiDocument, method: string, path: string) {
  const candidates = documentOperations(doc).filter(
    (o) =>
      o.method === method.toLowerCase() &&
      new RegExp(`^${o.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`).test(path),
  );
  return candidates.sort(
    (a, b) => b.path.replace(/\{[^}]+\}/g, '').length - a.path.replace(/\{[^}]+\}/g, '').length,
  )[0];
}

interface Answer {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/**
 * Why the document does not accept an answer of the bank: no operation, an undocumented status, or a body its schema
 * rejects.
 */
function answerProblems(doc: OpenApiDocument, ajv: Ajv2020, a: Answer): string[] {
  const where = `${a.method} ${a.path} → ${a.status}`;
  const op = operationFor(doc, a.method, a.path);
  if (!op) return [`${where}: no operation`];
  const responses = op.operation.responses as Record<string, Record<string, unknown>>;
  let response = responses[String(a.status)] ?? responses[`${String(a.status)[0]}XX`];
  if (!response) return [`${where}: status not documented for ${op.operation.operationId}`];
  if (typeof response.$ref === 'string')
    response = (doc.components.responses as Record<string, Record<string, unknown>>)[response.$ref.split('/').pop()!];
  const schema = (response.content as Record<string, { schema: Record<string, unknown> }> | undefined)?.[
    'application/json'
  ]?.schema;
  if (!schema)
    return a.body === undefined || a.body === ''
      ? []
      : [`${where}: a body where ${op.operation.operationId} documents none`];
  const wrapped = typeof schema.$ref === 'string' ? { $ref: `openapi${schema.$ref}` } : schema;
  const run: ValidateFunction = ajv.compile(wrapped);
  return run(a.body) ? [] : [`${where} (${op.operation.operationId}): ${ajv.errorsText(run.errors)}`];
}

describe('xs2a-conformance openapi: the document', () => {
  const doc = openApiFor({});
  const variant = openApiFor({ dialect: 'variant' });

  it('passes the OpenAPI 3.1 validator, in both dialects and without routes', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(await oasErrors(doc)).toEqual([]);
    expect(await oasErrors(variant)).toEqual([]);
    expect(await oasErrors(buildOpenApi())).toEqual([]);
  });

  it('has at least 30 operations and every operation of src/spec/operations.ts', () => {
    expect(OPERATION_IDS.length).toBe(DETAILED_OPERATIONS.length + OTHER_OPERATIONS.length);
    for (const d of [doc, variant]) {
      expect(documentOperations(d).length).toBeGreaterThanOrEqual(30);
      expect(missingOperations(d)).toEqual([]);
    }
    // Without routes, the operations the spec places nowhere are listed, not dropped.
    const bare = buildOpenApi();
    const listed = (bare['x-operations-without-path'] as Array<{ operationId: string }>).map((o) => o.operationId);
    expect(listed).toContain('initialise-sandbox');
    expect([...documentOperations(bare).map((o) => o.operation.operationId), ...listed].sort()).toEqual(
      [...OPERATION_IDS].sort(),
    );
  });

  it('has no semantic fault the schema cannot see (ids, path templates, $refs, clause ids)', () => {
    expect(semanticProblems(doc)).toEqual([]);
    expect(semanticProblems(variant)).toEqual([]);
  });

  it("takes the routes the spec leaves open from the dialect's profile", () => {
    const at = (d: OpenApiDocument, id: string) => documentOperations(d).find((o) => o.operation.operationId === id)!;
    expect(at(doc, 'initialise-sandbox')).toMatchObject({ method: 'post', path: '/v1/sandbox/initialise' });
    expect(at(variant, 'initialise-sandbox')).toMatchObject({ method: 'post', path: '/v1/sandbox/reset' });
    expect(at(variant, 'register-tpp-contact')).toMatchObject({ method: 'put', path: '/v1/tpp/contact' });
    expect(at(variant, 'initialise-sandbox').operation['x-path-source']).toMatchObject({
      level: 'should',
      source: expect.stringContaining('profiles/variant.yaml'),
    });
    // What the spec shows is not moved by a profile.
    const moved = buildOpenApi({
      routes: { 'get-transaction-details': { method: 'POST', path: '/elsewhere' }, 'list-card-accounts': null },
    });
    expect(at(moved, 'get-transaction-details').path).toBe('/v1/accounts/{id}/transactions/{transactionId}');
    expect((moved['x-absent-operations'] as Array<{ operationId: string }>).map((o) => o.operationId)).toEqual([
      'list-card-accounts',
    ]);
  });

  it('gives each operation its headers, required or not, as the spec lists them', () => {
    const ops = new Map(documentOperations(doc).map((o) => [o.operation.operationId, o.operation]));
    for (const op of DETAILED_OPERATIONS) {
      const params = ops.get(op.id)!.parameters as Array<{
        name: string;
        in: string;
        required: boolean;
        'x-clause': string[];
      }>;
      const header = (name: string) =>
        params.find((p) => p.in === 'header' && p.name.toLowerCase() === name.toLowerCase());
      for (const name of op.headers.required) {
        if (/^(signature|tpp-signature-certificate)$/i.test(name)) continue;
        expect(header(name), `${op.id} ${name}`).toMatchObject({ required: true });
        expect(header(name)!['x-clause']).toContain(`headers.${op.id}.${name.toLowerCase()}`);
      }
      for (const name of op.headers.optional)
        if (!/^(signature|tpp-signature-certificate)$/i.test(name))
          expect(header(name), `${op.id} ${name}`).toMatchObject({ required: false });
      expect(header('Date')).toMatchObject({ required: true });
      expect(ops.get(op.id)!['x-headers']).toMatchObject({
        required: op.headers.required,
        optional: op.headers.optional,
      });
    }
    // The signature headers are security schemes every operation requires.
    expect(doc.security).toEqual([{ Signature: [], 'TPP-Signature-Certificate': [] }]);
    expect(doc.components.securitySchemes).toMatchObject({
      Signature: { type: 'apiKey', in: 'header', name: 'Signature' },
      'TPP-Signature-Certificate': { type: 'apiKey', in: 'header', name: 'TPP-Signature-Certificate' },
    });
    const basket = ops.get('create-signing-basket')!.parameters as Array<{
      name: string;
      schema: { pattern?: string };
    }>;
    expect(
      new RegExp(basket.find((p) => p.name === 'x-accept-fix')!.schema.pattern!).test('longer-names, amount-as-string'),
    ).toBe(true);
  });

  it('holds the schemas of src/spec/schemas, valid JSON Schema 2020-12 under a strict Ajv', () => {
    expect(Object.keys(doc.components.schemas).sort()).toEqual([...SCHEMA_NAMES].sort());
    const ajv = documentAjv(doc);
    for (const name of SCHEMA_NAMES)
      expect(() => ajv.compile({ $ref: `openapi#/components/schemas/${name}` }), name).not.toThrow();
    const payment = doc.components.schemas['cross-border-payment-request'] as Record<string, any>;
    expect(payment.properties.creditorAccount.$ref).toBe('#/components/schemas/account-reference');
    expect(payment.properties.instructedAmount[AMOUNT_EXTENSION]).toEqual({});
    expect(payment.properties.creditorName['x-clause']).toEqual(['fields.cross-border-payment-request.creditorName']);
  });

  it('gives every error pair as a response, and the documented ones of the details operation', () => {
    const pairs = new Set<string>();
    JSON.parse(JSON.stringify(doc), (key, value) => {
      if (key === 'x-error-pairs') for (const p of value as Array<{ id: string }>) pairs.add(p.id);
      return value;
    });
    expect([...pairs].sort()).toEqual(ERROR_PAIRS.map((p) => p.id).sort());
    const details = documentOperations(doc).find(
      (o) => o.operation.operationId === 'get-transaction-details',
    )!.operation;
    expect(Object.keys(details.responses as object)).toEqual(['200', '400', '401', '404', '429', '500']);
    expect((details.responses as Record<string, { 'x-clause': string[] }>)['404']['x-clause']).toEqual([
      'endpoints.get-transaction-details.status.404',
      'errors.RESOURCE_UNKNOWN',
    ]);
    const list = documentOperations(doc).find((o) => o.operation.operationId === 'list-accounts')!.operation;
    expect((list.responses as Record<string, unknown>)['401']).toEqual({ $ref: '#/components/responses/error-401' });
    // Every example is an answer its own schema accepts.
    const ajv = documentAjv(doc);
    for (const [name, response] of Object.entries(doc.components.responses as Record<string, any>)) {
      const media = response.content['application/json'];
      for (const [id, example] of Object.entries(media.examples ?? {}) as Array<[string, { value: unknown }]>) {
        expect(
          ajv.validate({ $ref: `openapi${media.schema.$ref}` }, example.value),
          `${name} ${id}: ${ajv.errorsText()}`,
        ).toBe(true);
      }
    }
  });

  it('puts an x-clause on each item and marks the shapes the spec does not show', () => {
    for (const { operation } of documentOperations(doc)) {
      expect(operation['x-clause'][0]).toBe(`endpoints.${operation.operationId}`);
      for (const p of operation.parameters as Array<Record<string, unknown>>)
        expect(p['x-clause'], `${operation.operationId} ${String(p.name)}`).toBeDefined();
      for (const r of Object.values(operation.responses as Record<string, Record<string, unknown>>))
        expect(r.$ref ?? r['x-clause']).toBeDefined();
      if (operation.requestBody) expect((operation.requestBody as Record<string, unknown>)['x-clause']).toBeDefined();
      const detailed = DETAILED_OPERATIONS.some((op) => op.id === operation.operationId);
      expect(operation['x-shape'], operation.operationId).toBe(detailed ? undefined : NOT_SHOWN);
    }
    for (const group of ['schemas', 'responses', 'securitySchemes'] as const) {
      for (const [name, item] of Object.entries(doc.components[group]))
        expect((item as Record<string, unknown>)['x-clause'], `${group}.${name}`).toBeDefined();
    }
  });

  it('is built from src/spec alone', () => {
    const text = readFileSync(join(ROOT, 'src/spec/openapi.ts'), 'utf8');
    const relative = [...text.matchAll(/\bfrom\s*'(\.[^']+)'/g)].map((m) => m[1]);
    expect(relative.length).toBeGreaterThan(5);
    expect(relative.filter((p) => !p.startsWith('./'))).toEqual([]);
  });
});

describe('the checks fail on a broken document', () => {
  const doc = openApiFor({});

  it('misses an operation removed from the output', () => {
    const broken = clone(doc);
    delete broken.paths['/v1/signing-baskets/{basketId}/status'];
    expect(missingOperations(broken)).toEqual(['get-signing-basket-status']);
  });

  it('the validator refuses a response without a description and a parameter without a location', async () => {
    const broken = clone(doc);
    delete (broken.paths['/v1/accounts'].get.responses as Record<string, Record<string, unknown>>)['200'].description;
    expect((await oasErrors(broken)).length).toBeGreaterThan(0);
    const broken2 = clone(doc);
    delete (broken2.paths['/v1/accounts'].get.parameters as Array<Record<string, unknown>>)[0].in;
    expect((await oasErrors(broken2)).length).toBeGreaterThan(0);
  });

  it('the semantic check sees an undeclared path parameter, a dangling $ref and an unknown clause', () => {
    const broken = clone(doc);
    const details = broken.paths['/v1/accounts/{id}/transactions/{transactionId}'].get;
    details.parameters = (details.parameters as Array<{ name: string }>).filter((p) => p.name !== 'transactionId');
    (broken.components.schemas['signing-basket-response'] as Record<string, any>).properties._links.$ref =
      '#/components/schemas/nope';
    details['x-clause'] = ['endpoints.nope'];
    expect(semanticProblems(broken)).toEqual([
      'get /v1/accounts/{id}/transactions/{transactionId}: path parameter transactionId not declared',
      'unresolved $ref #/components/schemas/nope',
      'unknown clause endpoints.nope',
    ]);
  });
});

describe('xs2a-conformance openapi: the command', () => {
  it('writes JSON or YAML that passes the validator; refuses an unknown dialect as unusable input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-openapi-'));
    const r = cli(['openapi', '--out', join(dir, 'openapi.json')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/written: .*openapi\.json \(OpenAPI 3\.1\.0, \d+ operations, 21 schemas\)/);
    const json = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8')) as OpenApiDocument;
    expect(await oasErrors(json)).toEqual([]);
    expect(missingOperations(json)).toEqual([]);
    const v = cli(['openapi', '--dialect', 'variant', '--out', join(dir, 'openapi.yaml')]);
    expect(v.code, v.stderr).toBe(0);
    const yaml = parseYaml(readFileSync(join(dir, 'openapi.yaml'), 'utf8')) as OpenApiDocument;
    expect(await oasErrors(yaml)).toEqual([]);
    expect((yaml.info as Record<string, unknown>)['x-dialect']).toBe('variant');
    expect(() => openApiFor({ dialect: 'nope' })).toThrow(UsageError);
    expect(() => openApiFor({ dialect: 'nope' })).toThrow(/unknown dialect "nope": use default or variant/);
  });
});

describe('the generated schemas accept what the reference bank answers', () => {
  const doc = openApiFor({});
  const ajv = documentAjv(doc);
  let tb: TestBank;
  const answers: Answer[] = [];

  beforeAll(async () => {
    tb = await testBank({ host: '127.0.0.1', clock: () => Date.parse('2026-03-02T07:00:00Z') });
    const nid = privateNids(tb.running)[0];
    const debtor = accountsOf(tb.running, nid)[0];
    const pis = tb.client({
      psuId: '8f9e1f5c-3a36-4b55-9c1d-0d3f9b8c2a11',
      tppSessionId: 'oas-1',
      psuIpAddress: PSU_IP,
    });
    const sandbox = tb.client({});
    const record = async (
      c: ReturnType<TestBank['client']>,
      method: string,
      path: string,
      body?: unknown,
      headers?: Record<string, string>,
      query?: Record<string, string>,
    ) => {
      const ex = await c.request({ method, path, body, headers, query });
      const r = ex.response!;
      answers.push({ method, path, status: r.status, body: r.status === 204 ? undefined : r.json });
      return r;
    };
    // Payments, their status, a basket and its status.
    const cb = await record(pis, 'POST', '/v1/payments/cross-border-credit-transfers', crossBorderBody(debtor), FIX);
    await record(pis, 'GET', `${(cb.json as { _links: { self: { href: string } } })._links.self.href}/status`);
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const p = await record(
        pis,
        'POST',
        '/v1/payments/norwegian-domestic-credit-transfers',
        domesticBody(debtor, { remittanceInformationUnstructured: `oas ${n}` }),
      );
      ids.push((p.json as { paymentId: string }).paymentId);
    }
    const basket = await record(pis, 'POST', '/v1/signing-baskets', { paymentIds: ids }, FIX);
    await record(
      pis,
      'GET',
      `/v1/signing-baskets/${encodeURIComponent((basket.json as { basketId: string }).basketId)}/status`,
    );
    // Sandbox: customers, an account's transactions, a card account's transactions.
    await record(sandbox, 'GET', '/v1/sandbox/customers');
    await record(sandbox, 'GET', `/v1/sandbox/accounts/${encodeURIComponent(debtor.id)}/transactions`);
    const card = await record(sandbox, 'POST', '/v1/sandbox/card-accounts', {
      customerNumber: nid,
      maskedPan: '1234xxxxxxxx4321',
      currency: 'NOK',
      creditLimit: { currency: 'NOK', amount: 1000 },
      balances: [{ balanceType: 'EXPECTED', balanceAmount: { amount: 0, currency: 'NOK' } }],
      name: 'Kort',
      product: 'Basic Credit',
      status: 'ENABLED',
    });
    await record(
      sandbox,
      'POST',
      `/v1/sandbox/card-accounts/${encodeURIComponent((card.json as { resourceId: string }).resourceId)}/transactions`,
      [
        {
          cardTransactionId: 'oas-1',
          terminalId: 'tid',
          bookingDate: '2026-02-10',
          transactionDate: '2026-02-11',
          transactionAmount: { currency: 'NOK', amount: 100 },
          originalAmount: { currency: 'EUR', amount: 9 },
          merchantCategoryCode: '5411',
          markupFee: { currency: 'NOK', amount: 2 },
          markupFeePercentage: '2',
          cardAcceptorId: 'a',
          cardAcceptorAddress: { city: 'Oslo', country: 'NO' },
          maskedPan: '1234xxxxxxxx4321',
          transactionDetails: 'Shop',
          invoiced: 'false',
          proprietaryBankTransactionCode: 'VISA',
        },
      ],
    );
    // Account information after an SCA: a transaction's details, a missing one; before it: SCA demanded.
    const before = await record(
      tb.client({ tppSessionId: 'oas-0', psuIpAddress: PSU_IP }),
      'GET',
      `/v1/accounts/${encodeURIComponent(debtor.id)}/transactions/x`,
    );
    expect(scaHref(before.json)).toBeTruthy();
    const psuId = await consentFor(tb, nid, { session: 'oas-2' });
    const ais = tb.client({ psuId, tppSessionId: 'oas-2', psuIpAddress: PSU_IP });
    const list = await ais.request({
      method: 'GET',
      path: `/v1/accounts/${encodeURIComponent(debtor.id)}/transactions`,
      query: { bookingStatus: 'booked', dateFrom: '2020-01-01', limit: 3 },
    });
    const booked = (list.response!.json as { transactions: { booked: Array<{ transactionId: string }> } }).transactions
      .booked;
    for (const t of booked.slice(0, 3))
      await record(
        ais,
        'GET',
        `/v1/accounts/${encodeURIComponent(debtor.id)}/transactions/${encodeURIComponent(t.transactionId)}`,
      );
    await record(ais, 'GET', `/v1/accounts/${encodeURIComponent(debtor.id)}/transactions/nope`);
    // An unsigned request: 400 with the error body.
    const unsigned = await fetch(`${tb.running.url}/v1/accounts`, {
      headers: { 'x-request-id': 'a6f3c2d0-0000-4000-8000-000000000001', 'tpp-redirect-uri': REDIRECT },
    });
    answers.push({ method: 'GET', path: '/v1/accounts', status: unsigned.status, body: await unsigned.json() });
  }, 20_000);
  afterAll(async () => {
    await tb?.close();
  });

  it('documents every status the bank answered and accepts every body', () => {
    expect(answers.map((a) => a.status)).toEqual([
      201, 200, 201, 201, 201, 200, 200, 200, 201, 201, 401, 200, 200, 200, 404, 400,
    ]);
    expect(answers.flatMap((a) => answerProblems(doc, ajv, a))).toEqual([]);
  });

  it('fails when a schema rejects an answer, or a status is not documented', () => {
    const strict = clone(doc);
    (strict.components.schemas['cross-border-payment-response'] as { required: string[] }).required.push('noSuchField');
    (strict.components.schemas['basket-status-response'] as Record<string, unknown>).additionalProperties = false;
    (strict.components.schemas['basket-status-response'] as { properties: Record<string, unknown> }).properties = {};
    delete (strict.paths['/v1/sandbox/customers'].get.responses as Record<string, unknown>)['200'];
    const problems = answers.flatMap((a) => answerProblems(strict, documentAjv(strict), a));
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/create-cross-border-payment.*must have required property 'noSuchField'/);
    expect(problems[1]).toMatch(/get-signing-basket-status.*must NOT have additional properties/);
    expect(problems[2]).toMatch(/GET \/v1\/sandbox\/customers → 200: status not documented for list-sandbox-customers/);
  });
});
