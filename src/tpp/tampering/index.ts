// The tampering catalogue (spec § Authentication > Request signing): every named way to spoil (or vary) a correctly
// signed
// request, one file per family, in the lowest layer its operators allow (spec + tpp), so that the
// fuzzer (src/fuzz), the Gherkin rows of features/ (src/suite/tamper.ts) and the reference bank
// import it downward. Ids are stable: fuzz results, findings and reports name operators by id.
export { CAMPAIGN, CATALOGUE, operatorById } from './catalogue.ts';
export { gherkinTampering, GHERKIN_TAMPERINGS, tamperAs, type GherkinTampering } from './gherkin.ts';
export { changedBody } from './support.ts';
export { LATE_TRIES, lateAnswer, lateVerdict, MAX_TRANSIT_MS, untilInTime, type Try } from './timing.ts';
export type { Family, GherkinRow, MutationOperator, OperatorContext, SigningAtHand, TppKey, Verdict } from './types.ts';
