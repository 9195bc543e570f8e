// The reference bank: a faithful implementation of the interface spec, the suite's default target.
export { startBank, errorReply, type StartBankOptions, type RunningBank } from './server.ts';
export { Bank, type BankMode, type BankConfig } from './bank.ts';
export { BankClock } from './clock.ts';
export { defaultRules, type BankRules } from './rules.ts';
export { composeFaults, type Fault, type BankHooks, type CheckName } from './seam.ts';
export { EXAMPLE_FAULTS, exampleFault } from './faults/examples.ts';
export {
  findFault,
  FAULT_REGISTRY,
  allFaults,
  faultCatalogue,
  faultFeatures,
  AREA_FAULTS,
  FAULT_AREAS,
  type AreaFault,
  type FaultArea,
} from './fault-registry.ts';
export { type Reply, type WireAction, type Route, type Ctx } from './http.ts';
export { BankError, ScaNeeded } from './errors.ts';
export { SCA_FIELDS, SCA_ACTIONS, SCA_PATHS, psuIdFor } from './sca.ts';
export {
  DIALECTS,
  DIALECT_NAMES,
  dialectNamed,
  isDialectName,
  type Dialect,
  type DialectName,
} from './dialects/index.ts';
export { VARIANT_SCA_FIELDS, VARIANT_SCA_ACTIONS, VARIANT_SCA_PATHS } from './dialects/variant-sca.ts';
export { basketStatus } from './handlers/baskets.ts';
export { seedState, BANK_BIC } from './seed.ts';
export { digestState, type BankState } from './state.ts';
