// regexp-match-indices (https://github.com/rbuckton/regexp-match-indices) is the polyfill of RegExp
// match indices that @cucumber/cucumber-expressions matches every step text with. On Node the polyfill
// never takes the native feature (it looks for `indices` on a match of a RegExp without the d flag,
// which the finished proposal never gives), so it parses each step definition's RegExp with
// regexp-tree and runs a rewritten one: in bench:latency about a second of a run's CPU. This package
// is its documented API (README: `execWithIndices(re, text).indices`, shim, config) on the platform's
// own feature, the d flag, which "does not change the regex's interpretation or matching behavior in
// any way" (MDN, RegExp.prototype.hasIndices): the project's npm overrides install it in its place.

'use strict';

/** Each RegExp's twin with the d flag, made once. */
const twins = new WeakMap();

function twinOf(regexp) {
  let twin = twins.get(regexp);
  if (twin === undefined) {
    twin = regexp.hasIndices ? regexp : new RegExp(regexp.source, `${regexp.flags}d`);
    twins.set(regexp, twin);
  }
  return twin;
}

/**
 * `regexp.exec(string)` with `indices` on the match (and `indices.groups` for named groups); a global or sticky
 * RegExp's lastIndex is read and advanced as exec does.
 */
function exec(regexp, string) {
  const twin = twinOf(regexp);
  if (twin === regexp) return RegExp.prototype.exec.call(regexp, string);
  twin.lastIndex = regexp.lastIndex;
  const match = RegExp.prototype.exec.call(twin, string);
  regexp.lastIndex = twin.lastIndex;
  return match;
}

/** The receiver form (`implementation.call(regexp, string)`), as the polyfill's. */
function implementation(string) {
  return exec(this, string);
}

exec.native = RegExp.prototype.exec;
exec.implementation = implementation;
exec.getPolyfill = () => implementation;
/** The platform has the feature (the d flag): nothing to install in RegExp.prototype. */
exec.shim = () => undefined;
/** The polyfill's mode switch; the platform's indices are exact in either mode. */
exec.config = { mode: 'lazy' };

module.exports = exec;
