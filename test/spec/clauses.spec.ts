import { describe, expect, it } from 'vitest';
import {
  CLAUSES,
  DETAILED_OPERATIONS,
  ERROR_PAIRS,
  HEADERS,
  LIMITS,
  OTHER_OPERATIONS,
  RESOURCE_SCHEMAS,
  SCA_FLOW_RULES,
  SIGNING_RULES,
  SPEC_SECTIONS,
  STATE_RULES,
  clauseById,
  clauseLink,
  errorPair,
  limit,
} from '../../src/spec/index.ts';

describe('clause registry', () => {
  it('has unique ids in dot/kebab form', () => {
    const ids = CLAUSES.map((clause) => clause.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(\.[A-Za-z0-9_-]+)+$/);
  });

  it('has one clause per error pair and per limit', () => {
    expect(CLAUSES.filter((clause) => clause.kind === 'error').map((clause) => clause.id)).toEqual(
      ERROR_PAIRS.map((pair) => pair.clause),
    );
    expect(CLAUSES.filter((clause) => clause.kind === 'limit').map((clause) => clause.id)).toEqual(
      LIMITS.map((l) => l.clause),
    );
    expect(clauseById('errors.REFERENCE_MIX_INVALID')).toMatchObject({
      section: 'errors',
      level: 'must',
      text: '400 REFERENCE_MIX_INVALID: bulk or periodic payment put in a signing basket.',
    });
    expect(clauseById('limits.basket-size').text).toContain('at most 10');
  });

  it('has a clause per endpoint, per required header of each detailed operation, per header row and per state rule', () => {
    for (const op of [...DETAILED_OPERATIONS, ...OTHER_OPERATIONS]) clauseById(`endpoints.${op.id}`);
    for (const op of DETAILED_OPERATIONS) {
      for (const header of op.headers.required)
        expect(clauseById(`headers.${op.id}.${header.toLowerCase()}`).kind).toBe('header');
    }
    for (const header of HEADERS) clauseById(`headers.${header.name.toLowerCase()}`);
    for (const rule of STATE_RULES) clauseById(`states.${rule.id}`);
    for (const rule of SIGNING_RULES) clauseById(`signing.${rule.id}`);
    for (const rule of SCA_FLOW_RULES) clauseById(`sca.${rule.id}`);
    expect(clauseById('headers.create-signing-basket.x-accept-fix').level).toBe('must');
    expect(clauseById('versioning.accept-fix.value.create-signing-basket').text).toContain('amount-as-string');
  });

  it('has a field clause per described property of every resource', () => {
    for (const { schema, resource } of RESOURCE_SCHEMAS) {
      clauseById(`fields.${resource}`);
      for (const name of Object.keys(schema.properties as object))
        expect(clauseById(`fields.${resource}.${name}`).kind).toBe('field');
    }
    expect(clauseById('fields.cross-border-payment-request.creditorName').text).toBe(
      'creditorName (required): at most 70 characters',
    );
  });

  it('holds every Berlin Group default and silent-spec choice at SHOULD level, with its source', () => {
    const should = CLAUSES.filter((clause) => clause.level === 'should');
    for (const clause of should) expect(clause.source).toBeTruthy();
    for (const id of [
      'endpoints.create-signing-basket',
      'endpoints.create-signing-basket.success',
      'endpoints.create-cross-border-payment.success',
      'endpoints.cancel-payment.success',
      'endpoints.start-payment-authorisation.success',
      'fields.signing-basket-request.paymentIds.min-items',
      'currencies.XDR.minor-units',
      'currencies.TVD.minor-units',
      'amounts.sign',
    ])
      expect(should.map((clause) => clause.id)).toContain(id);
    expect(clauseById('endpoints.get-transaction-details.success').level).toBe('must');
    expect(clauseById('endpoints.create-signing-basket.success').source).toMatch(/^Berlin Group NextGenPSD2 1\.3/);
  });

  it('links every clause to a section of the spec', () => {
    for (const clause of CLAUSES) expect(SPEC_SECTIONS[clause.section]).toBeDefined();
    const anchors = Object.values(SPEC_SECTIONS).map((section) => section.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(clauseLink('limits.date-skew')).toBe('interface-spec.md#limits');
    expect(clauseLink('sca.redirect-on-401', 'https://docs.example/spec')).toBe(
      'https://docs.example/spec#psu-authentication-sca-redirect-flow',
    );
  });

  it('throws on an unknown id, naming the id and its known neighbours', () => {
    expect(() => clauseById('limits.basket-sizes')).toThrow(
      /^unknown clause id "limits\.basket-sizes"; known ids starting with "limits\.": limits\.basket-size, /,
    );
    expect(() => clauseById('nothing')).toThrow('unknown clause id "nothing"; no clause id starts with "nothing."');
  });
});

describe('cross references between the data files', () => {
  it('resolve', () => {
    for (const op of DETAILED_OPERATIONS) {
      for (const rule of op.rules) if (rule.limit) limit(rule.limit);
      for (const response of op.responses) for (const id of response.errorIds ?? []) errorPair(id);
    }
    const operationIds = [...DETAILED_OPERATIONS, ...OTHER_OPERATIONS].map((op) => op.id);
    for (const rule of STATE_RULES) {
      if (rule.errorId) errorPair(rule.errorId);
      if (rule.limitId) limit(rule.limitId);
      if (rule.operationId) expect(operationIds).toContain(rule.operationId);
    }
    for (const rule of [...SIGNING_RULES, ...SCA_FLOW_RULES]) {
      if (rule.errorId) errorPair(rule.errorId);
      if (rule.limitId) limit(rule.limitId);
    }
  });

  it('fail loudly on unknown ids', () => {
    expect(() => errorPair('NOPE')).toThrow(/unknown error pair "NOPE"/);
    expect(() => limit('nope')).toThrow(/unknown limit "nope"/);
  });
});

describe("clause titles in the spec's words", () => {
  // The reports name a clause by its title (summary, Allure links, the clause page). Fault that trips
  // it: a title that is only a rule's id ("Create signing basket: payments-created-first").
  it('no title is a rule id; a stated clause whose rule had only an id is titled by its quote', () => {
    const slug = /^(?:.+: )?(?:[a-z0-9]+(?:[-.][a-z0-9]+)+|[a-z0-9]+)$/;
    expect(CLAUSES.filter((c) => slug.test(c.title)).map((c) => `${c.id}: ${c.title}`)).toEqual([]);
    const c = CLAUSES.find((x) => x.id === 'endpoints.get-transaction-details.no-body');
    expect(c?.title).toBe('Get transaction details: No body');
  });
});
