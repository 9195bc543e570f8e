/** regexp-match-indices' API (see index.cjs). */
declare function exec(regexp: RegExp, string: string): RegExpExecArray | null;
declare namespace exec {
  const native: typeof RegExp.prototype.exec;
  function implementation(this: RegExp, string: string): RegExpExecArray | null;
  function getPolyfill(): typeof implementation;
  function shim(): void;
  const config: { mode: 'lazy' | 'spec-compliant' };
}
export = exec;
