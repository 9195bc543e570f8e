// The names of the dialects (index.ts holds the dialects themselves). A file of its own, importing
// nothing, so that bank.ts can name a dialect without importing the dialects' handlers.
export const DIALECT_NAMES = ['default', 'variant'] as const;
export type DialectName = (typeof DIALECT_NAMES)[number];

export function isDialectName(name: string): name is DialectName {
  return (DIALECT_NAMES as readonly string[]).includes(name);
}
