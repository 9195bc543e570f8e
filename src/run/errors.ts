// The run machinery's error classes, each with a stable code (`RUN_ERR_…`, unique across the project:
// test/spec/error-codes.spec.ts) and its own name.

/**
 * The parts of a sharded run cannot be joined (merge.ts: a folder without results.json, a file without results): exit
 * 2.
 */
export class MergeInputError extends Error {
  override name = 'MergeInputError';
  readonly code = 'RUN_ERR_MERGE_INPUT';
}
