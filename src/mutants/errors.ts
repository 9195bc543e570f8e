// The mutation run's error classes, each with a stable code (`MUTANTS_ERR_…`, unique across the
// project: test/spec/error-codes.spec.ts) and its own name.

/** The parts cannot be joined (missing, overlapping, from different runs): unusable input, exit 2. */
export class MutationMergeError extends Error {
  override name = 'MutationMergeError';
  readonly code = 'MUTANTS_ERR_MERGE_INPUT';
}
