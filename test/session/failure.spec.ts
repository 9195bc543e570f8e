// One failure shape: every failure class of the suite, the model and the fuzzer is a Failure with
// code, title, clauses and (where known) received and expected; a fuzz finding has the same shape.
import { describe, expect, it } from 'vitest';
import { ConformanceAssertionError, Failure, SetupFailure, shapeOf } from '../../src/session/errors.ts';
import { expectStatus, parseSetupFailure } from '../../src/session/expect.ts';
import { failureMessage, parseFailureMessage } from '../../src/session/failure.ts';
import { ModelSetupError, ModelViolation, WrongAnswer } from '../../src/fuzz/errors.ts';
import { expectRejected } from '../../src/fuzz/checks.ts';
import { findingFailure } from '../../src/fuzz/runner.ts';
import type { Exchange } from '../../src/tpp/client.ts';

describe('the failure shape', () => {
  it('is shared by every failure class', () => {
    const all = [
      new ConformanceAssertionError('x', ['endpoints.list-accounts']),
      new SetupFailure('no account', 'list-accounts'),
      new ModelViolation('must', ['endpoints.list-accounts'], 'x'),
      new ModelSetupError('x'),
      new WrongAnswer('x'),
    ];
    for (const e of all) expect(e).toBeInstanceOf(Failure);
    expect(all.map((e) => shapeOf(e).code)).toEqual([
      'SESSION_ERR_CHECK_FAILED',
      'SESSION_ERR_SETUP_FAILED',
      'FUZZ_ERR_MODEL_VIOLATION',
      'FUZZ_ERR_MODEL_SETUP',
      'FUZZ_ERR_WRONG_ANSWER',
    ]);
  });

  it('keeps the messages the reports parse', () => {
    expect(parseSetupFailure(new SetupFailure('no account', 'list-accounts').message)).toEqual({
      operation: 'list-accounts',
      reason: 'no account',
    });
    expect(new ModelViolation('should', ['a.b'], 'wrong').message).toBe('[should] [clause:a.b] wrong');
    const m = failureMessage({ title: 't', expected: 200, received: 404, clauses: ['endpoints.list-accounts'] });
    expect(parseFailureMessage(m)).toEqual({
      title: 't',
      expected: '200',
      received: '404',
      clauses: ['endpoints.list-accounts'],
    });
  });

  it('carries received and expected from the assertions (fault: 404 where 200 is wanted)', () => {
    const ex = {
      request: { method: 'GET', target: '/v1/accounts' },
      response: { status: 404, text: '' },
    } as unknown as Exchange;
    let err: unknown;
    try {
      expectStatus(ex, [200], ['endpoints.list-accounts']);
    } catch (e) {
      err = e;
    }
    expect(shapeOf(err)).toMatchObject({
      code: 'SESSION_ERR_CHECK_FAILED',
      expected: 200,
      received: 404,
      clauses: ['endpoints.list-accounts'],
    });
    let wrong: unknown;
    try {
      expectRejected({ status: 200, body: '{}' } as never, 'a bad digest');
    } catch (e) {
      wrong = e;
    }
    expect(shapeOf(wrong)).toMatchObject({ code: 'FUZZ_ERR_WRONG_ANSWER', expected: 400, received: 200 });
  });

  it('gives a fuzz finding the same shape', () => {
    const f = findingFailure({
      operator: 'digest.flip',
      description: 'a flipped digest',
      level: 'must',
      expect: 'reject',
      clauses: ['signing.digest'],
      seed: 1,
      path: '0',
      value: '""',
      target: 'http://127.0.0.1:1',
      request: { method: 'POST', target: '/v1/x', headers: [['Digest', 'x']], body: '{}' },
      response: { status: 201, body: '{}' },
      foundAt: '',
    } as never);
    expect(f).toMatchObject({ code: 'FUZZ_FINDING', expected: 'reject', received: 201, clauses: ['signing.digest'] });
    expect(f.evidence?.[0].request).toContain('Digest: x');
  });
});
