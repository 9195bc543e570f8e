// What every property file shares: the fast-check parameters and the target's lifecycle. The seed is
// fixed (XS2A_SEED overrides it) so test names, which @fast-check/vitest ends with "(with seed=N)",
// stay stable for Allure history; a failure prints the seed and path that replay it.
import { afterAll, beforeAll } from 'vitest';
import { openCheckEnv, type CheckEnv } from '../src/fuzz/checks.ts';

export const SEED = process.env.XS2A_SEED !== undefined ? Number(process.env.XS2A_SEED) : 20260302;
/** At least 100 runs per property in `npm test` (XS2A_RUNS raises it). */
export const RUNS = Math.max(100, Number(process.env.XS2A_RUNS ?? 100));
export const P = { seed: SEED, numRuns: RUNS };

/** Opens something for the whole file (beforeAll) and closes it (afterAll); `env` throws before it is open. */
export function useOpened<T extends { close(): Promise<void> }>(open: () => Promise<T>): { readonly env: T } {
  const holder: { env?: T } = {};
  beforeAll(async () => {
    holder.env = await open();
  });
  afterAll(async () => {
    await holder.env?.close();
  });
  return {
    get env() {
      if (!holder.env) throw new Error('target not opened');
      return holder.env;
    },
  };
}

/** The target for this file: XS2A_TARGET_URL / XS2A_PROFILE, else the embedded bank (127.0.0.1, port 0). */
export const useTarget = (): { readonly env: CheckEnv } => useOpened(openCheckEnv);
