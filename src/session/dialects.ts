// The reference bank's dialects (src/bank/dialects): `default` and `variant`, each a legitimate
// reading where the spec is silent. `run|fuzz|mutants --dialect variant` start the embedded bank in
// that dialect and, unless a profile is given, use the profile shipped for it.
import { fileURLToPath } from 'node:url';

export const DIALECTS = ['default', 'variant'] as const;
export type Dialect = (typeof DIALECTS)[number];

export function isDialect(x: string): x is Dialect {
  return (DIALECTS as readonly string[]).includes(x);
}

/** The profile shipped for a dialect (profiles/<dialect>.yaml); the default dialect needs none. */
export function dialectProfile(d: Dialect | undefined): string | undefined {
  return d && d !== 'default' ? fileURLToPath(new URL(`../../profiles/${d}.yaml`, import.meta.url)) : undefined;
}

/** XS2A_DIALECT: which dialect of the embedded bank the properties run against (npm test runs them on both). */
export function dialectFromEnv(): Dialect | undefined {
  const d = process.env.XS2A_DIALECT;
  if (d === undefined || d === '') return undefined;
  if (!isDialect(d)) throw new Error(`XS2A_DIALECT "${d}" is not one of ${DIALECTS.join(', ')}`);
  return d;
}
