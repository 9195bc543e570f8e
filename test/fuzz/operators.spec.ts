// The operator list as data: at least 30 operators, unique ids, known clauses and faults, both
// verdicts and both levels, every family of the tampering catalogue.
import { describe, expect, it } from 'vitest';
// The full registry (src/bank/fault-registry.ts): the seam's examples, the property faults and the per-area faults of
// src/bank/faults/.
import { findFault } from '../../src/bank/fault-registry.ts';
import { OPERATORS } from '../../src/fuzz/operators.ts';
import { CATALOGUE } from '../../src/tpp/tampering/index.ts';
import { CLAUSES } from '../../src/spec/clauses.ts';

describe('mutation operators', () => {
  const known = new Set(CLAUSES.map((c) => c.id));
  it('are at least 30, with unique ids', () => {
    expect(OPERATORS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(OPERATORS.map((o) => o.id)).size).toBe(OPERATORS.length);
  });
  it.each(CATALOGUE.map((o) => [o.id, o] as const))('%s cites known clauses and faults', (_id, o) => {
    expect(o.clauses.length).toBeGreaterThan(0);
    for (const c of o.clauses) expect(known.has(c), c).toBe(true);
    expect(o.faults.length).toBeGreaterThan(0);
    for (const f of o.faults) expect(findFault(f), f).toBeDefined();
    expect(o.description.length).toBeGreaterThan(10);
  });
  it('cover the ten tampering families, both verdicts and both levels', () => {
    expect(new Set(OPERATORS.map((o) => o.family))).toEqual(
      new Set([
        'params',
        'headers',
        'values',
        'signature',
        'algorithm',
        'key-id',
        'certificate',
        'rfc2047',
        'date',
        'digest',
      ]),
    );
    expect(new Set(OPERATORS.map((o) => o.expect))).toEqual(new Set(['accept', 'reject']));
    expect(new Set(OPERATORS.map((o) => o.level))).toEqual(new Set(['must', 'should']));
  });
});
