import { describe, expect, it } from 'vitest';
import {
  ACCEPT_FIXES,
  ACCEPT_FIX_REQUIRED,
  DEPRECATIONS,
  DETAILED_OPERATIONS,
  DETAILED_OPERATION_IDS,
  ERROR_PAIRS,
  HEADERS,
  KEY_ID_PATTERN,
  LIMITS,
  OPERATION_HEADERS,
  OTHER_OPERATIONS,
  RFC2047_UTF8_B_PATTERN,
  SCHEMA_NAMES,
  SIGNABLE_HEADERS,
  SIGNED_HEADERS,
  UUID_PATTERN,
  detailedOperation,
  headerDef,
  limit,
  limitValue,
  parseAcceptFix,
  pathParams,
} from '../../src/spec/index.ts';

describe('headers (§ Endpoints > Header parameters)', () => {
  it('has every row of the table, family rows expanded', () => {
    expect(HEADERS).toHaveLength(29);
    expect(new Set(HEADERS.map((h) => h.name.toLowerCase())).size).toBe(29);
    expect(HEADERS.filter((h) => h.type === 'UUID').map((h) => h.name)).toEqual(['PSU-ID', 'PSU-Device-ID']);
  });

  it('finds headers case-insensitively and refuses others', () => {
    expect(headerDef('x-request-id').name).toBe('X-Request-ID');
    expect(headerDef('X-ACCEPT-FIX').name).toBe('x-accept-fix');
    expect(() => headerDef('Date')).toThrow(/"Date" is not in the spec's header table/);
  });

  it('lists the required headers of each operation exactly as the spec does', () => {
    expect(OPERATION_HEADERS['create-signing-basket'].required).toEqual([
      'x-accept-fix',
      'X-Request-ID',
      'TPP-Session-ID',
      'TPP-Redirect-URI',
      'TPP-Signature-Certificate',
      'Signature',
      'PSU-ID',
      'PSU-IP-Address',
    ]);
    expect(OPERATION_HEADERS['create-cross-border-payment'].required).toHaveLength(9);
    expect(OPERATION_HEADERS['create-cross-border-payment'].optional).toHaveLength(29 - 9);
    expect(OPERATION_HEADERS['get-transaction-details']).toMatchObject({ required: [], requiredShown: false });
    expect(OPERATION_HEADERS['create-sandbox-card-transactions'].required).toEqual([
      'X-Request-ID',
      'Digest',
      'TPP-Signature-Certificate',
      'Signature',
    ]);
    expect(OPERATION_HEADERS['get-sandbox-account-transactions'].required).toEqual([
      'X-Request-ID',
      'TPP-Signature-Certificate',
      'Signature',
    ]);
  });

  it('holds the signed header set in its default order, plus (request-target)', () => {
    expect(SIGNED_HEADERS).toEqual([
      'date',
      'digest',
      'x-request-id',
      'psu-id',
      'psu-corporate-id',
      'tpp-redirect-uri',
    ]);
    expect(SIGNABLE_HEADERS).toContain('(request-target)');
  });
});

describe('operations (§ Endpoints)', () => {
  it('details the five operations, each with schemas from the registry', () => {
    expect(DETAILED_OPERATIONS.map((op) => op.id)).toEqual([...DETAILED_OPERATION_IDS]);
    for (const op of DETAILED_OPERATIONS) {
      for (const name of [op.requestSchema, op.responseSchema, ...op.responses.map((r) => r.schema)])
        if (name) expect(SCHEMA_NAMES).toContain(name);
      expect(op.headers).toBe(OPERATION_HEADERS[op.id]);
      expect(op.path.startsWith('/v1/')).toBe(true);
    }
    expect(detailedOperation('get-transaction-details').responses.map((r) => r.status)).toEqual([
      400, 401, 404, 429, 500,
    ]);
    expect(() => detailedOperation('nope')).toThrow(/unknown detailed operation "nope"/);
  });

  it('records the Berlin Group success codes where the spec is silent', () => {
    const success = Object.fromEntries([...DETAILED_OPERATIONS, ...OTHER_OPERATIONS].map((op) => [op.id, op.success]));
    expect(success['create-signing-basket']).toMatchObject({ statuses: [201], level: 'should' });
    expect(success['initiate-payment']).toMatchObject({ statuses: [201], level: 'should' });
    expect(success['cancel-payment']).toMatchObject({ statuses: [204, 202], level: 'should' });
    expect(success['start-payment-authorisation']).toMatchObject({ statuses: [201], level: 'should' });
    expect(success['get-payment-status']).toMatchObject({ statuses: [200], level: 'should' });
    expect(success['get-transaction-details']).toMatchObject({ statuses: [200], level: 'must' });
    expect(success['get-users']).toBeUndefined();
  });

  it('reads path parameters from templates', () => {
    expect(pathParams('/v1/accounts/{id}/transactions/{transactionId}')).toEqual(['id', 'transactionId']);
    expect(pathParams('/v1/accounts')).toEqual([]);
  });
});

describe('errors (§ Errors)', () => {
  it('has every status/code pair, the code-less 400 rows split by situation', () => {
    expect(ERROR_PAIRS.map((pair) => `${pair.status} ${pair.id}`)).toEqual([
      '400 FORMAT_ERROR',
      '400 QUERY_PARAMETER_REQUIRED',
      '400 PERIOD_INVALID',
      '400 REFERENCE_MIX_INVALID',
      '400 signature-missing',
      '400 signature-invalid',
      '400 unprocessable-character',
      '400 corporate-id-missing',
      '400 kid-error',
      '401 sca-required',
      '404 RESOURCE_UNKNOWN',
      '429 ACCESS_EXCEEDED',
      '500 SYSTEM_ERROR',
    ]);
  });
});

describe('limits (§ Limits)', () => {
  it('has every row: 15 rows, 17 limits', () => {
    expect(new Set(LIMITS.map((l) => l.limit)).size).toBe(15);
    expect(LIMITS).toHaveLength(17);
  });

  it.each([
    ['basket-size', 10],
    ['date-skew', 60],
    ['sca-session-validity', 1],
    ['calls-without-psu', 4],
    ['history-without-psu', 90],
    ['consent-age-details', 90],
    ['sca-renewal', 180],
    ['default-page-size', 200],
    ['creditor-name-length', 70],
    ['bban-length', 30],
    ['iban-length', 34],
    ['tpp-message-text-length', 512],
    ['psu-message-length', 512],
    ['amount-precision', 18],
    ['sandbox-limit-min', 1],
  ] as const)('%s is %i', (id, value) => {
    expect(limitValue(id)).toBe(value);
  });

  it('holds units, windows and several values per row', () => {
    expect(limit('calls-without-psu').values[0]).toEqual({
      bound: 'max',
      value: 4,
      unit: 'calls',
      per: { value: 24, unit: 'hours' },
    });
    expect(limitValue('remittance-length', 'min')).toBe(1);
    expect(limitValue('remittance-length', 'max')).toBe(140);
    expect(limitValue('amount-precision', 'max', 'scale')).toBe(5);
    expect(limit('pending-all-returned').values).toEqual([]);
    expect(() => limitValue('pending-all-returned')).toThrow('limit pending-all-returned has no value');
  });
});

describe('versioning (§ Versioning)', () => {
  const isIsoDate = (value: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

  it('holds dates as ISO dates', () => {
    for (const date of [...ACCEPT_FIXES.map((f) => f.defaultSince), ...DEPRECATIONS.map((d) => d.effective)])
      if (date) expect(isIsoDate(date)).toBe(true);
    expect(ACCEPT_FIXES.find((f) => f.value === 'amount-as-string')?.defaultSince).toBe('2020-08-01');
    expect(DEPRECATIONS.find((d) => d.id === 'consents-endpoint')?.effective).toBe('2024-12-05');
  });

  it('requires x-accept-fix on the basket (as amount-as-string) and cross-border operations', () => {
    expect(ACCEPT_FIX_REQUIRED).toEqual({
      'create-signing-basket': 'amount-as-string',
      'create-cross-border-payment': null,
    });
    for (const op of Object.keys(ACCEPT_FIX_REQUIRED))
      expect(OPERATION_HEADERS[op as keyof typeof OPERATION_HEADERS].required).toContain('x-accept-fix');
  });

  it('parses a comma-separated x-accept-fix value', () => {
    expect(parseAcceptFix(' amount-as-string, longer-names ,')).toEqual(['amount-as-string', 'longer-names']);
    expect(parseAcceptFix('')).toEqual([]);
  });
});

describe('authentication and events patterns', () => {
  it('match what the spec describes', () => {
    expect('SN=0A12BC,CA=CN=Test CA,O=Bank,C=NO').toMatch(KEY_ID_PATTERN);
    expect('SN=0a12bc,CA=CN=Test CA').not.toMatch(KEY_ID_PATTERN);
    expect(`=?utf-8?B?${Buffer.from('keyId="SN=1,CA=CN=Ø"').toString('base64')}?=`).toMatch(RFC2047_UTF8_B_PATTERN);
    expect('3fa85f64-5717-4562-b3fc-2c963f66afa6').toMatch(UUID_PATTERN);
    expect('3fa85f64571745 62b3fc2c963f66afa6').not.toMatch(UUID_PATTERN);
  });
});
