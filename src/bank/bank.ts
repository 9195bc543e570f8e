// The bank controller: state, rules, the checks faults switched off, the clock and the mode.
// startBank (server.ts) puts an HTTP server in front of it and runs the faults' hooks around it;
// RunningBank.bank is this object.
import { BankClock, isoDate } from './clock.ts';
import type { CheckName } from './check-names.ts';
import type { DialectName } from './dialects/names.ts';
import { runDueBatches } from './batch.ts';
import { defaultRules, type BankRules } from './rules.ts';
import { restamped, seedState, type SeedOptions } from './seed.ts';
import { digestState, type BankState } from './state.ts';
import { sha256hex } from './ids.ts';

/** How long after a start or an initialise the known state for the next initialise is made (Bank.makeSpare). */
const SPARE_AFTER_MS = 1_000;

export type BankMode = 'test' | 'sandbox' | 'production';

export interface BankConfig {
  mode: BankMode;
  seed: number;
  rules: BankRules;
  /** Checks switched off (the faults' composed skipChecks; their request and response hooks run in server.ts). */
  skipChecks: ReadonlySet<CheckName>;
  clock: BankClock;
  /** CA certificates (PEM) that production mode accepts as issuers of TPP certificates. */
  trustedCaPems: string[];
  seedOptions?: SeedOptions;
  /** The reading taken where the spec is silent (src/bank/dialects); default 'default'. */
  dialect?: DialectName;
}

export class Bank {
  readonly mode: BankMode;
  readonly seed: number;
  readonly rules: BankRules;
  readonly skipChecks: ReadonlySet<CheckName>;
  readonly clock: BankClock;
  readonly trustedCaPems: string[];
  readonly dialect: DialectName;
  state: BankState;
  /** Absolute base URL of the bank (set when listening); SCA redirect links are built on it. */
  url = 'http://127.0.0.1';
  /** SCAs completed since the bank started, across resets of its state (a benchmark's count: bench/latency.ts). */
  scasCompleted = 0;
  private readonly seedOptions?: SeedOptions;
  /**
   * The known state made ahead for the next initialise, and its UTC day: restored at once (restamped) on
   * that day, instead of seeded while the TPP waits (about 0.1 s, several times that on a busy machine).
   */
  private spare?: { state: BankState; day: string };
  /** Whether the bank makes spares (keepSpares: a bank a server serves, until it closes), and the next one's timer. */
  private spares = false;
  private spareTimer?: NodeJS.Timeout;

  constructor(cfg: BankConfig) {
    this.mode = cfg.mode;
    this.seed = cfg.seed;
    this.rules = cfg.rules;
    this.skipChecks = cfg.skipChecks;
    this.clock = cfg.clock;
    this.trustedCaPems = cfg.trustedCaPems;
    this.seedOptions = cfg.seedOptions;
    this.dialect = cfg.dialect ?? 'default';
    this.state = seedState(this.seed, this.clock.now(), this.seedOptions);
  }

  static create(partial: Partial<BankConfig> = {}): Bank {
    return new Bank({
      mode: partial.mode ?? 'test',
      seed: partial.seed ?? 1,
      rules: partial.rules ?? defaultRules(),
      skipChecks: partial.skipChecks ?? new Set(),
      clock: partial.clock ?? new BankClock(),
      trustedCaPems: partial.trustedCaPems ?? [],
      seedOptions: partial.seedOptions,
      dialect: partial.dialect,
    });
  }

  get sandbox(): boolean {
    return this.mode !== 'production';
  }

  now(): number {
    return this.clock.now();
  }

  /** Whether a check is on (a fault may switch it off). */
  checkOn(name: CheckName): boolean {
    return !this.skipChecks.has(name);
  }

  /** Wipes all state and restores the seed data (the sandbox initialise operation). */
  reset(): void {
    const now = this.now();
    const spare = this.spare;
    this.spare = undefined;
    this.state =
      spare && spare.day === isoDate(now) ? restamped(spare.state, now) : seedState(this.seed, now, this.seedOptions);
    this.makeSpare();
  }

  /**
   * From now on, keeps the known state made ahead for the next initialise (a sandbox's bank that a server
   * serves: startBank); until stopSpares (the server closes). A bank made and let go at once (tests,
   * properties) makes none.
   */
  keepSpares(): void {
    this.spares = true;
    this.makeSpare();
  }

  /** Makes no more spares (the server closed). */
  stopSpares(): void {
    this.spares = false;
    clearTimeout(this.spareTimer);
    this.spare = undefined;
  }

  /**
   * Makes the spare known state a while after the bank started serving or was initialised (SPARE_AFTER_MS):
   * not at once, where the TPP's next requests (after an initialise, the reads of the restored state) would
   * wait for it.
   */
  private makeSpare(): void {
    if (!this.spares) return;
    clearTimeout(this.spareTimer);
    this.spareTimer = setTimeout(() => {
      if (this.spare) return;
      const now = this.now();
      this.spare = { state: seedState(this.seed, now, this.seedOptions), day: isoDate(now) };
    }, SPARE_AFTER_MS).unref();
  }

  /** Runs the payment batch for every run due up to now. */
  tick(): void {
    runDueBatches(this, this.now());
  }

  /** Stable hash of all state. */
  stateDigest(): string {
    this.tick();
    return digestState(this.state);
  }

  /**
   * The operation a request would reach in this bank's dialect (set by startBank from its router), so
   * a fault's beforeHandle can key on operation ids instead of the default dialect's paths.
   */
  operationAt: (method: string, path: string) => { op: string; params: Record<string, string> } | undefined = () =>
    undefined;

  /** A new deterministic identifier. */
  nextId(kind: string): string {
    this.state.seq++;
    return `${kind}-${sha256hex(`${this.seed}|${kind}|${this.state.seq}`).slice(0, 20)}`;
  }
}
