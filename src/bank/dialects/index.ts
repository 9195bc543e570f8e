// Dialects of the reference bank (docs/reference-bank.md, "Dialects"): the same bank, obeying every stated rule, taking
// one
// reading or the other at each point the spec leaves open. A dialect is data plus small seams:
// route overrides, request-body adapters and response adapters per operation id, the SCA page set
// and rule overrides. The handlers are shared; `default` changes nothing.
import { scaAuthorise, scaIdentify, scaStartPage, SCA_PATHS } from '../sca.ts';
import { DIALECT_NAMES, isDialectName, type DialectName } from './names.ts';
import type { Dialect } from './types.ts';
import { VARIANT_DIALECT } from './variant.ts';

export { DIALECT_NAMES, isDialectName, type DialectName };
export type { Dialect, RequestAdapter, ResponseAdapter, ScaPageRoute } from './types.ts';

export const DEFAULT_DIALECT: Dialect = {
  name: 'default',
  description: 'the reference bank as docs/reference-bank.md describes it',
  routes: {},
  requests: {},
  responses: {},
  scaPages: [
    { method: 'GET', pattern: SCA_PATHS.start, op: 'sca-start', handler: scaStartPage },
    { method: 'POST', pattern: SCA_PATHS.identify, op: 'sca-identify', handler: scaIdentify },
    { method: 'POST', pattern: SCA_PATHS.authorise, op: 'sca-authorise', handler: scaAuthorise },
  ],
  rules: {},
};

export const DIALECTS: Readonly<Record<DialectName, Dialect>> = { default: DEFAULT_DIALECT, variant: VARIANT_DIALECT };

/** The dialect of a name; an unknown name is refused with the known ones. */
export function dialectNamed(name: string): Dialect {
  if (!isDialectName(name)) throw new Error(`unknown dialect "${name}": use ${DIALECT_NAMES.join(' or ')}`);
  return DIALECTS[name];
}
