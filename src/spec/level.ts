/**
 * The level of a requirement: `must` (the spec's MUST, a failure) or `should` (its SHOULD, a
 * warning). The one home of the type: clauses, operations, wire codes, the validator, the tampering
 * catalogue, the fuzzer, the suite and the mutants import it from here
 * (test/spec/named-once.spec.ts keeps it so).
 */
export type Level = 'must' | 'should';
