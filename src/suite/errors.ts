// The suite's error classes, each with a stable code (`SUITE_ERR_…`, unique across the project:
// test/spec/error-codes.spec.ts) and its own name.

/** `init` cannot reach the target as a run would (init.ts probeTarget: the connection fails, or no answer): exit 3. */
export class InitUnreachable extends Error {
  override name = 'InitUnreachable';
  readonly code = 'SUITE_ERR_INIT_UNREACHABLE';
}
