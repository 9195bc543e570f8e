// The one transport: every connection the project opens to a target, a proxy or an SCA page starts
// here (the TPP client, the run's probe and round-trip measurement, the fuzzer, the properties, the
// form SCA driver, replay, the clock control, the sandbox set-up). It holds:
// - TLS: the CAs to trust (PEM text, one or several, on top of Node's default store unless told
//   otherwise), the client certificate of the identity making the request (PEM pair or PKCS#12 with
//   its passphrase), the server name, TLS 1.2 at least;
// - a forward proxy: the profile's `proxy`, else HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case)
//   as curl and npm read them; HTTPS targets are reached through a CONNECT tunnel, so the proxy sees
//   no plain text;
// - keep-alive connections and the per-request timeout.
// A dependency-cruiser rule (.dependency-cruiser.cjs) lets no other module import undici.
import { createRequire } from 'node:module';
import type { Agent as AgentType, Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentType } from 'undici';
import { tlsOptions, type TransportConfig } from './config.ts';

export type { Dispatcher };
export { tlsOptions, type TlsConfig, type TransportConfig } from './config.ts';
export { startSink, type Sink } from './sink.ts';
export {
  describeFacts,
  explainConnectionError,
  inspectConnection,
  tlsAttempt,
  trustedServerKeys,
  type ConnectionFacts,
  type TlsAttempt,
} from './inspect.ts';

/** undici, loaded with the first connection: a command that opens none (sign, verify) starts without it. */
const undici = () =>
  createRequire(import.meta.url)('undici') as {
    Agent: typeof AgentType;
    EnvHttpProxyAgent: typeof EnvHttpProxyAgentType;
  };

/** A configuration's text, by content (Buffers as base64), made once per configuration object (never changed). */
const texts = new WeakMap<TransportConfig, string>();
function textOf(config: TransportConfig): string {
  let t = texts.get(config);
  if (t === undefined) {
    t = JSON.stringify(config, (_k, v) =>
      v && v.type === 'Buffer' && Array.isArray(v.data) ? Buffer.from(v.data).toString('base64') : v,
    );
    texts.set(config, t);
  }
  return t;
}

/** What makes two configurations the same dispatcher. */
function keyOf(config: TransportConfig, connections?: number): string {
  return JSON.stringify([
    textOf(config),
    connections,
    process.env.HTTPS_PROXY,
    process.env.https_proxy,
    process.env.HTTP_PROXY,
    process.env.http_proxy,
    process.env.NO_PROXY,
    process.env.no_proxy,
  ]);
}

const KEEP_ALIVE_MS = 10_000;

/** A dispatcher of its own for `config` (the caller closes it). `connections`: at most that many per origin. */
export function newDispatcher(config: TransportConfig = {}, connections?: number): Dispatcher {
  const connect = tlsOptions(config.tls);
  const base = { keepAliveTimeout: KEEP_ALIVE_MS, ...(connections ? { connections } : {}) };
  const { Agent, EnvHttpProxyAgent } = undici();
  if (config.proxy === false) return new Agent({ ...base, connect });
  return new EnvHttpProxyAgent({
    ...base,
    connect,
    // The target's TLS inside the CONNECT tunnel; the proxy's own TLS (an https:// proxy) trusts the same CAs.
    requestTls: connect,
    proxyTls: tlsOptions({ ca: config.tls?.ca, systemCa: config.tls?.systemCa }),
    ...(config.proxy ? { httpProxy: config.proxy, httpsProxy: config.proxy } : {}),
    ...(config.noProxy !== undefined ? { noProxy: config.noProxy } : {}),
  } as ConstructorParameters<typeof EnvHttpProxyAgentType>[0]);
}

/**
 * The process's dispatcher for `config`: every client of a run (one per scenario) reuses its
 * kept-alive connections and TLS sessions instead of opening its own (at internet latency a new TLS
 * connection per scenario costs several round trips).
 */
const shared = new Map<string, Dispatcher>();
export function dispatcherFor(config: TransportConfig = {}): Dispatcher {
  const key = keyOf(config);
  let d = shared.get(key);
  if (!d) {
    d = newDispatcher(config);
    shared.set(key, d);
  }
  return d;
}

/** Closes the shared connections (the end of a run, a test's teardown). */
export async function closeTransports(): Promise<void> {
  const all = [...shared.values()];
  shared.clear();
  await Promise.all(all.map((d) => d.close().catch(() => undefined)));
}

export interface SendInit {
  method?: string;
  /** Header pairs, or an object. */
  headers?: string[] | Record<string, string>;
  body?: Buffer | string;
  timeoutMs?: number;
  /** The configuration to send with (the process's shared dispatcher for it). */
  transport?: TransportConfig;
  /** A dispatcher of the caller's own (newDispatcher), instead of the shared one. */
  dispatcher?: Dispatcher;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request, its whole answer read (for the probe, the SCA form flow, replay and set-up calls). */
export async function send(url: string, init: SendInit = {}): Promise<Answer> {
  const timeout = init.timeoutMs ?? 10_000;
  const u = new URL(url);
  const dispatcher = init.dispatcher ?? dispatcherFor(init.transport);
  const res = await dispatcher.request({
    origin: u.origin,
    path: u.pathname + u.search,
    method: (init.method ?? 'GET') as 'GET',
    headers: init.headers,
    body: init.body,
    headersTimeout: timeout,
    bodyTimeout: timeout,
    signal: AbortSignal.timeout(timeout),
  });
  const body = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, headers: res.headers, body };
}
