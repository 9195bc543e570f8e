// The stateful model's judge: every assertion names its level (must: the spec states it; should:
// Berlin Group or the reference bank's documented choice where the spec is silent) and its clause
// ids. A run enforces some levels (a violation throws, so fast-check shrinks the command sequence)
// and only records the others, so one property per level reports at that level.
import { clauseById } from '../../spec/clauses.ts';
import type { Level } from '../../spec/level.ts';
import { ModelViolation } from '../errors.ts';

export class Verdicts {
  /** How often each `level clause` was checked (all runs of a property together). */
  readonly checked = new Map<string, number>();
  /** Violations of levels not enforced in this run (the other property reports them). */
  readonly recorded: ModelViolation[] = [];
  /** Commands run, by name. */
  readonly commands = new Map<string, number>();
  /** Commands left out of every run, with the reason (a control operation the profile does not name). */
  readonly leftOut = new Map<string, string>();

  constructor(readonly enforce: ReadonlySet<Level>) {}

  check(level: Level, ok: boolean, clauses: readonly string[], message: () => string): boolean {
    for (const c of clauses) {
      clauseById(c); // throws on an unknown id: a typo must not make a silent assertion
      const key = `${level} ${c}`;
      this.checked.set(key, (this.checked.get(key) ?? 0) + 1);
    }
    if (ok) return true;
    const v = new ModelViolation(level, clauses, message());
    if (this.enforce.has(level)) throw v;
    this.recorded.push(v);
    return false;
  }

  must(ok: boolean, clauses: readonly string[], message: () => string): boolean {
    return this.check('must', ok, clauses, message);
  }

  should(ok: boolean, clauses: readonly string[], message: () => string): boolean {
    return this.check('should', ok, clauses, message);
  }

  ran(command: string): void {
    this.commands.set(command, (this.commands.get(command) ?? 0) + 1);
  }

  /** A command that did nothing, and why (said once in the summary). */
  skipped(command: string, reason: string): void {
    this.leftOut.set(command, reason);
  }

  /** One line per level and clause with the number of checks, and the commands run. */
  summary(): string {
    const clauses = [...this.checked].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `  ${k}: ${n}`);
    const cmds = [...this.commands]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    const out = [...this.leftOut].map(([k, why]) => `  ${k}: ${why}`);
    return `commands: ${cmds}${out.length ? `\nleft out:\n${out.join('\n')}` : ''}\nchecks:\n${clauses.join('\n')}${this.recorded.length ? `\nnot enforced here, recorded: ${this.recorded.length}` : ''}`;
  }
}
