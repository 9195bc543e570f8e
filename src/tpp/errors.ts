// The TPP toolkit's error classes, each with a stable code (`TPP_ERR_…`, unique across the project:
// test/spec/error-codes.spec.ts) and its own name.

/** A raw HTTP/1.1 request that does not parse (http-message.ts parseRawRequest). */
export class HttpParseError extends Error {
  override name = 'HttpParseError';
  readonly code = 'TPP_ERR_HTTP_PARSE';
}

/** A request that cannot be signed (sign.ts signRequest: no signing string can be built from it). */
export class SigningError extends Error {
  override name = 'SigningError';
  readonly code = 'TPP_ERR_SIGNING';
}

/** A clock move the target did not accept (no answer, or a status of 300 or more). */
export class ClockMoveFailed extends Error {
  override name = 'ClockMoveFailed';
  readonly code = 'TPP_ERR_CLOCK_CONTROL';
}

/** A recorded exchange that cannot be replayed (replay.ts parseRecordedExchange: not JSON, fields missing). */
export class ReplayInputError extends Error {
  override name = 'ReplayInputError';
  readonly code = 'TPP_ERR_REPLAY_INPUT';
}
