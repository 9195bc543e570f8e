// The command line's error classes, each with a stable code (`CLI_ERR_…`, unique across the
// project: test/spec/error-codes.spec.ts) and its own name.

/** A command used wrongly (a missing or unreadable argument, a bad option value): exit 2 (main.ts). */
export class UsageError extends Error {
  override name = 'UsageError';
  readonly code = 'CLI_ERR_USAGE';
}
