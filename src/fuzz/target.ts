// The target of the properties and the fuzzer: XS2A_TARGET_URL / XS2A_PROFILE (or --target /
// --profile) when given, else the embedded reference bank on 127.0.0.1 port 0 in test mode. It
// also knows how to move the target's clock (test-mode control or the profile's clockControl).
import { startBank, type RunningBank } from '../bank/index.ts';
import { TppClient, type PsuContext, type TppIdentity } from '../tpp/client.ts';
import type { TransportConfig } from '../transport/index.ts';
import { completeProfile, loadProfile, psuOf, transportOf, type Profile } from '../session/profile.ts';
import { FIXTURES_DIR } from '../tpp/fixtures.ts';
import { clockMover, type ClockMover } from '../tpp/clock.ts';
import { dialectFromEnv, dialectProfile, type Dialect } from '../session/dialects.ts';
import { profileFileOf, targetOf } from '../session/run-context.ts';

export interface TargetOptions {
  /** Base URL; default $XS2A_TARGET_URL (when `env` is not false), else the profile's, else embedded. */
  target?: string;
  /** Profile file; default $XS2A_PROFILE. */
  profile?: string;
  /** Faults to switch on in the embedded bank (ids of src/bank/faults.ts). */
  faults?: string[];
  /** Read XS2A_TARGET_URL and XS2A_PROFILE (default true). */
  env?: boolean;
  /** The embedded reference bank's dialect; `variant` also brings its shipped profile (unless one is given). */
  dialect?: Dialect;
  timeoutMs?: number;
}

export interface Target {
  url: string;
  embedded?: RunningBank;
  profile: Profile;
  identity: TppIdentity;
  redirectUri: string;
  /** PSU headers every generated request carries (a PSU present, one TPP session). */
  psu: PsuContext;
  transport?: TransportConfig;
  clock?: ClockMover;
  /** Where the target's clock is, as far as we know (ms): ours plus what we moved it. */
  now(): number;
  client(psu?: PsuContext): TppClient;
  close(): Promise<void>;
}

/** The regression fixtures folder of the project. */
export const REGRESSIONS_DIR = `${FIXTURES_DIR}fuzz-regressions/`;

/** Opens the target: starts the embedded bank when no URL is given. */
export async function openTarget(opts: TargetOptions = {}): Promise<Target> {
  const env = opts.env !== false;
  const dialect = opts.dialect ?? (env ? dialectFromEnv() : undefined);
  const profileFile = profileFileOf(opts.profile, env) ?? dialectProfile(dialect);
  const profile = profileFile ? loadProfile(profileFile) : completeProfile({}, process.cwd());
  if (opts.timeoutMs) profile.timeoutMs = opts.timeoutMs;
  let url = targetOf(opts.target, profile, env);
  let embedded: RunningBank | undefined;
  if (!url) {
    embedded = await startBank({ mode: 'test', host: '127.0.0.1', port: 0, faults: opts.faults ?? [], dialect });
    url = embedded.url;
  } else if (opts.faults?.length || opts.dialect) {
    throw new Error('faults and dialects apply to the embedded reference bank only');
  }
  const control = embedded?.clockControl ?? profile.clockControl;
  const transport = transportOf(profile, { embedded: !!embedded });
  let clock: ClockMover | undefined;
  const now = () => Date.now() + (clock ? clock.offsetSeconds * 1000 : 0);
  const controlClient = control
    ? new TppClient({
        baseUrl: url,
        identity: profile.tpp.signing,
        redirectUri: profile.tpp.redirectUri,
        transport,
        clock: now,
        record: false,
        timeoutMs: profile.timeoutMs,
      })
    : undefined;
  if (control && controlClient) clock = clockMover(controlClient, control);
  const psu: PsuContext = {
    psuIpAddress: psuOf(profile, 'PRIVATE').ipAddress ?? '192.0.2.10',
    tppSessionId: 'xs2a-fuzz',
  };
  const clients: TppClient[] = [];
  const targetUrl = url;
  return {
    url: targetUrl,
    embedded,
    profile,
    identity: profile.tpp.signing,
    redirectUri: profile.tpp.redirectUri,
    psu,
    transport,
    clock,
    now,
    client: (p = psu) => {
      const c = new TppClient({
        baseUrl: targetUrl,
        identity: profile.tpp.signing,
        redirectUri: profile.tpp.redirectUri,
        psu: p,
        clock: now,
        transport,
        record: false,
        timeoutMs: profile.timeoutMs,
      });
      clients.push(c);
      return c;
    },
    close: async () => {
      await clock?.restore().catch(() => undefined);
      await Promise.all(clients.map((c) => c.close()));
      await controlClient?.close();
      await embedded?.close();
    },
  };
}
