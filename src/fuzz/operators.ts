// The fuzz campaign's operators: the tampering catalogue (src/tpp/tampering, one file per family),
// less the operators added there only for Gherkin rows (`campaign: false`). Ids, order and choices
// are the catalogue's; operatorById looks up the whole catalogue (--operators, --replay).
export {
  CAMPAIGN as OPERATORS,
  changedBody,
  operatorById,
  type Family,
  type MutationOperator,
  type OperatorContext,
  type Verdict,
} from '../tpp/tampering/index.ts';
