// The fault seam (issue 6 builds the registry). A fault is data: rule overrides and hooks. The
// correct code path reads `rules`, asks `checkOn(name)` and runs the hooks; it never tests fault ids.
import type { IncomingMessage } from 'node:http';
import type { Bank } from './bank.ts';
import type { Ctx, Reply, WireAction } from './http.ts';
import type { BankRules } from './rules.ts';
import type { CheckId } from '../tpp/verify.ts';

/** Checks a fault may switch off: the verifier's check ids and the bank's own. */
export type CheckName =
  | CheckId
  | 'required-headers' | 'header-formats' | 'accept-fix' | 'body-schema' | 'characters' | 'psu-allowance' | 'history-window'
  | 'sca-session' | 'sca-renewal' | 'consent-age' | 'corporate-id' | 'production-chain' | 'production-role' | 'basket-mix' | 'monthly-variable';

export interface BankHooks {
  /** Runs before routing; an answer short-circuits the request. */
  beforeHandle?: (req: IncomingMessage, body: Buffer, bank: Bank) => WireAction | undefined;
  /** Runs on every answer before it is written (chaos: garbage, stall, reset, HTML page). */
  transformResponse?: (reply: Reply, ctx: Partial<Ctx> & { bank: Bank }) => WireAction;
  /** Checks switched off. */
  skipChecks: Set<CheckName>;
}

export interface Fault {
  id: string;
  description: string;
  /** Clause ids (src/spec clauses) the fault breaks. */
  clauses: string[];
  rules?: Partial<BankRules>;
  hooks?: Partial<BankHooks>;
}

/** Merges a list of faults, in order: rules override, hooks chain, skipped checks add up. */
export function composeFaults(faults: readonly Fault[]): { rules: Partial<BankRules>; hooks: BankHooks } {
  const rules: Partial<BankRules> = {};
  const befores: NonNullable<BankHooks['beforeHandle']>[] = [];
  const transforms: NonNullable<BankHooks['transformResponse']>[] = [];
  const skipChecks = new Set<CheckName>();
  for (const f of faults) {
    Object.assign(rules, f.rules ?? {});
    if (f.hooks?.beforeHandle) befores.push(f.hooks.beforeHandle);
    if (f.hooks?.transformResponse) transforms.push(f.hooks.transformResponse);
    for (const c of f.hooks?.skipChecks ?? []) skipChecks.add(c);
  }
  const hooks: BankHooks = { skipChecks };
  if (befores.length) hooks.beforeHandle = (req, body, bank) => {
    for (const b of befores) {
      const r = b(req, body, bank);
      if (r) return r;
    }
    return undefined;
  };
  if (transforms.length) hooks.transformResponse = (reply, ctx) => {
    let out: WireAction = reply;
    for (const t of transforms) {
      if (!('status' in out)) break;
      out = t(out, ctx);
    }
    return out;
  };
  return { rules, hooks };
}

/** Example faults proving the seam (the named registry is issue 6). */
export const EXAMPLE_FAULTS: readonly Fault[] = [
  {
    id: 'date-skew-ignored',
    description: 'Accepts any Date header, however far from server time.',
    clauses: ['limits.date-skew'],
    hooks: { skipChecks: new Set<CheckName>(['date']) },
  },
  {
    id: 'basket-size-11',
    description: 'Accepts signing baskets of 11 payments.',
    clauses: ['limits.basket-size'],
    rules: { basketMaxPayments: 11 },
  },
  {
    id: 'no-psu-allowance-unlimited',
    description: 'Never answers 429 to calls without PSU present.',
    clauses: ['limits.calls-without-psu'],
    rules: { callsWithoutPsu: Number.MAX_SAFE_INTEGER },
  },
  {
    id: 'html-error-pages',
    description: 'Answers errors with an HTML page instead of the JSON error body.',
    clauses: ['fields.error-body'],
    hooks: {
      transformResponse: (reply) => (reply.status >= 400
        ? { status: reply.status, headers: { 'content-type': 'text/html' }, raw: `<html><body><h1>Error ${reply.status}</h1></body></html>` }
        : reply),
    },
  },
  {
    id: 'connection-reset-on-payments',
    description: 'Resets the connection instead of answering payment creation.',
    clauses: ['errors.SYSTEM_ERROR'],
    hooks: { transformResponse: (reply, ctx) => (ctx.route?.op === 'initiate-payment' ? { destroy: true } : reply) },
  },
];

/** Registered faults by id (issue 6 extends the registry). */
export const FAULT_REGISTRY: Map<string, Fault> = new Map(EXAMPLE_FAULTS.map((f) => [f.id, f]));

export function findFault(id: string): Fault {
  const f = FAULT_REGISTRY.get(id);
  if (!f) throw new Error(`unknown fault ${JSON.stringify(id)}; known: ${[...FAULT_REGISTRY.keys()].join(', ')}`);
  return f;
}

export function exampleFault(id: string): Fault {
  const f = EXAMPLE_FAULTS.find((x) => x.id === id);
  if (!f) throw new Error(`unknown example fault ${JSON.stringify(id)}; known: ${EXAMPLE_FAULTS.map((x) => x.id).join(', ')}`);
  return f;
}
