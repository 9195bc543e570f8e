// The fault registry, the only one: the seam's examples (faults/examples.ts), the property faults
// (faults/properties.ts) and the per-area fault data of faults/*.ts. startBank and `--faults` resolve
// ids here (findFault). Each fault has an area of the spec and the feature files whose scenarios the
// mutation run replays against it.
import type { Fault } from './seam.ts';
import { BASKET_FAULTS } from './faults/baskets.ts';
import { CHAOS_FAULTS, CHAOS_TIMEOUT_MS } from './faults/chaos.ts';
import { CROSS_BORDER_FAULTS } from './faults/cross-border.ts';
import { ERROR_FAULTS } from './faults/errors.ts';
import { EXAMPLE_FAULTS } from './faults/examples.ts';
import { IDENTITY_FAULTS } from './faults/identities.ts';
import { HEADER_FAULTS, HEADER_VALUE_FAULTS, OPTIONAL_HEADER_FAULTS } from './faults/headers.ts';
import { LIMIT_FAULTS } from './faults/limits.ts';
import { PAYMENT_STATE_FAULTS } from './faults/payment-states.ts';
import { PROPERTY_FAULTS } from './faults/properties.ts';
import { READ_BACK_FAULTS } from './faults/read-back.ts';
import { CARD_SCHEMA_FAULT, SANDBOX_FAULTS, SANDBOX_OPERATION_FAULTS } from './faults/sandbox.ts';
import { SCA_FAULTS } from './faults/sca.ts';
import { SIGNING_FAULTS } from './faults/signing.ts';
import { FAULT_AREAS, type AreaFault, type FaultArea } from './faults/support.ts';
import { TRANSACTION_FAULTS } from './faults/transactions.ts';
import { VERSIONING_FAULTS } from './faults/versioning.ts';
import { TRANSPORT_FAULTS } from './faults/transport.ts';

export { FAULT_AREAS, CHAOS_TIMEOUT_MS, type AreaFault, type FaultArea };

/** The per-area faults of faults/*.ts, area by area. */
export const AREA_FAULTS: readonly AreaFault[] = [
  ...SIGNING_FAULTS,
  ...HEADER_FAULTS,
  ...OPTIONAL_HEADER_FAULTS,
  ...HEADER_VALUE_FAULTS,
  ...CROSS_BORDER_FAULTS,
  ...ERROR_FAULTS,
  ...LIMIT_FAULTS,
  ...BASKET_FAULTS,
  ...PAYMENT_STATE_FAULTS,
  ...SCA_FAULTS,
  ...TRANSACTION_FAULTS,
  ...SANDBOX_FAULTS,
  ...SANDBOX_OPERATION_FAULTS,
  CARD_SCHEMA_FAULT,
  ...VERSIONING_FAULTS,
  ...CHAOS_FAULTS,
  ...IDENTITY_FAULTS,
  ...TRANSPORT_FAULTS,
  ...READ_BACK_FAULTS,
];

/** Registered faults by id, in this order: the seam's examples, the property faults, then the area faults. */
export const FAULT_REGISTRY: Map<string, Fault> = new Map();
for (const f of [...EXAMPLE_FAULTS, ...PROPERTY_FAULTS, ...AREA_FAULTS]) {
  if (FAULT_REGISTRY.has(f.id)) throw new Error(`fault ${f.id} is registered twice`);
  FAULT_REGISTRY.set(f.id, f);
}

/** Feature files each area's faults are replayed against (scenarios tagged with a fault's clauses are added). */
export const AREA_FEATURES: Record<FaultArea, readonly string[]> = {
  signing: ['request-signing', 'headers'],
  headers: [],
  'cross-border': ['cross-border-payment', 'error-bodies'],
  errors: ['error-bodies'],
  limits: [],
  baskets: ['signing-baskets'],
  'payment-states': ['payment-status'],
  sca: ['sca-redirect', 'sca-sessions', 'consents-users-agreements'],
  transactions: ['accounts', 'access-without-psu', 'transaction-details'],
  sandbox: ['sandbox-mock-data'],
  versioning: ['versioning', 'card-accounts'],
  chaos: [],
  identities: ['tpp-identities'],
  transport: ['transport'],
};

/**
 * Areas and feature files of the faults without an area of their own (the seam's examples; the property faults go by
 * their clauses).
 */
const OTHER: Record<string, { area: FaultArea; features?: string[]; timeoutMs?: number }> = {
  'date-skew-ignored': { area: 'signing' },
  'basket-size-11': { area: 'baskets' },
  'no-psu-allowance-unlimited': { area: 'transactions', features: ['access-without-psu'] },
  'html-error-pages': { area: 'chaos', features: ['error-bodies'], timeoutMs: CHAOS_TIMEOUT_MS },
  'connection-reset-on-payments': { area: 'chaos', features: ['payments'], timeoutMs: CHAOS_TIMEOUT_MS },
};

function areaFromClauses(f: Fault): FaultArea {
  const c = f.clauses.join(' ');
  if (/\bsigning\.|limits\.date-skew|conventions\.date-header/.test(c)) return 'signing';
  if (/states\.basket|limits\.basket/.test(c)) return 'baskets';
  if (/conventions\.(amount|currency|country)|limits\.amount|fields\.cross-border/.test(c)) return 'cross-border';
  if (/states\.payment/.test(c)) return 'payment-states';
  if (/\bsca\.|events\./.test(c)) return 'sca';
  if (/transactions|calls-without-psu|history|page-size|pending/.test(c)) return 'transactions';
  if (/sandbox/.test(c)) return 'sandbox';
  if (/versioning|deprecations/.test(c)) return 'versioning';
  if (/^headers\./.test(c)) return 'headers';
  return 'errors';
}

/** Every registered fault with its area and replay scope (the examples and the property faults included). */
export function allFaults(): AreaFault[] {
  return [...FAULT_REGISTRY.values()].map((f) => {
    if ('area' in f && FAULT_AREAS.includes((f as AreaFault).area)) return f as AreaFault;
    const o = OTHER[f.id];
    return { ...f, area: o?.area ?? areaFromClauses(f), features: o?.features, timeoutMs: o?.timeoutMs };
  });
}

/** Feature files the mutation run replays for a fault. */
export function faultFeatures(f: AreaFault): string[] {
  if (f.replay === 'clauses') return [...new Set(f.features ?? [])];
  return [...new Set([...(f.features ?? []), ...AREA_FEATURES[f.area]])];
}

/** A registered fault by id; an unknown id is refused with the known ones. */
export function findFault(id: string): Fault {
  const f = FAULT_REGISTRY.get(id);
  if (!f) throw new Error(`unknown fault ${JSON.stringify(id)}; known: ${[...FAULT_REGISTRY.keys()].join(', ')}`);
  return f;
}

/** The fault catalogue, one line each: id, area and what the fault does (serve --faults list, mutants --help). */
export function faultCatalogue(): string {
  const faults = allFaults().sort((a, b) => a.area.localeCompare(b.area) || a.id.localeCompare(b.id));
  const width = Math.max(...faults.map((f) => f.id.length));
  const area = Math.max(...faults.map((f) => f.area.length));
  return faults
    .map((f) => `  ${f.id.padEnd(width)}  ${f.area.padEnd(area)}  ${f.description.split('\n')[0]}`)
    .join('\n');
}
