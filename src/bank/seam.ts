// The fault seam: what a fault is (rule overrides and hooks), the checks it may switch off, and how
// the faults switched on together compose. A fault is data: the correct code path reads `rules`,
// asks `bank.checkOn(name)` and runs the composed hooks (server.ts); it never tests fault ids. The
// faults live under faults/, the one registry and lookup in fault-registry.ts.
//
// Nothing this file imports imports it back: Bank holds only the skipped checks (check-names.ts),
// server.ts holds the hooks.
import type { IncomingMessage } from 'node:http';
import type { Bank } from './bank.ts';
import type { CheckName } from './check-names.ts';
import type { Ctx, Reply, WireAction } from './http.ts';
import type { BankRules } from './rules.ts';

export type { CheckName };

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
  if (befores.length)
    hooks.beforeHandle = (req, body, bank) => {
      for (const b of befores) {
        const r = b(req, body, bank);
        if (r) return r;
      }
      return undefined;
    };
  if (transforms.length)
    hooks.transformResponse = (reply, ctx) => {
      let out: WireAction = reply;
      for (const t of transforms) {
        if (!('status' in out)) break;
        out = t(out, ctx);
      }
      return out;
    };
  return { rules, hooks };
}
