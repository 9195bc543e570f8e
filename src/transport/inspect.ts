// A connection to the target taken apart step by step (the proxy's tunnel, TLS, one HTTP answer), so
// that a target that cannot be reached is said plainly, with the profile key to change, and so that
// `run --check-connection` can print the TLS facts. Part of the one transport (./index.ts): the only
// other place that opens a connection.
import { createHash, X509Certificate } from 'node:crypto';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { checkServerIdentity, connect as tlsConnect, type DetailedPeerCertificate, type TLSSocket } from 'node:tls';
import { tlsOptions, type TransportConfig } from './config.ts';

export interface CertFacts {
  /** SHA-256 of the certificate's SubjectPublicKeyInfo, Base64 (the form Chromium's SPKI list takes). */
  spki: string;
  subject: string;
  issuer: string;
  validTo: string;
  /** subjectAltName as Node prints it (DNS:…, IP Address:…). */
  names?: string;
}

export interface ConnectionFacts {
  url: string;
  /** The proxy the connection went through (credentials masked), if any. */
  proxy?: string;
  tls?: {
    protocol: string;
    cipher: string;
    /** The server's chain, leaf first. */
    chain: CertFacts[];
    /** The chain ends at a CA the configuration trusts. */
    trusted: boolean;
    /** The name the certificate must carry, and whether it does. */
    servername: string;
    nameMatches: boolean;
    /** The client certificate the configuration presents (its subject), if any. */
    clientCertificate?: string;
  };
  /** The HTTP status of one GET / (the server answered: a client certificate, if it wanted one, was accepted). */
  status?: number;
  /** Why the target cannot be reached, said plainly with the key to change; undefined when it can. */
  cause?: string;
}

/** The proxy for `url` under `config`: the profile's, else HTTPS_PROXY / HTTP_PROXY unless NO_PROXY names the host. */
export function proxyFor(url: URL, config: TransportConfig): string | undefined {
  if (config.proxy === false) return undefined;
  const env = (n: string) => process.env[n.toLowerCase()] ?? process.env[n];
  const proxy =
    config.proxy || (url.protocol === 'https:' ? (env('HTTPS_PROXY') ?? env('HTTP_PROXY')) : env('HTTP_PROXY'));
  if (!proxy) return undefined;
  const noProxy = config.noProxy ?? env('NO_PROXY') ?? '';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[,\s]+/).filter(Boolean)) {
    if (raw === '*') return undefined;
    const [h, p] = raw.replace(/^\*?\./, '.').split(/:(?=\d+$)/);
    if (p && p !== port) continue;
    const bare = h.replace(/^\./, '').toLowerCase();
    if (host === bare || host.endsWith(`.${bare}`)) return undefined;
  }
  return proxy;
}

const masked = (proxy: string) => proxy.replace(/\/\/[^@/]*@/, '//***@');

const CERT_UNTRUSTED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

/** One line of a DN, forward order (Node's subject object). */
function dn(o: Record<string, string | string[]> | undefined): string {
  return o
    ? Object.entries(o)
        .map(([k, v]) => `${k}=${[v].flat().join('+')}`)
        .join(', ')
    : '(none)';
}

function spkiHash(der: Buffer): string {
  return createHash('sha256')
    .update(new X509Certificate(der).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
}

function chainOf(leaf: DetailedPeerCertificate): CertFacts[] {
  const out: CertFacts[] = [];
  const seen = new Set<string>();
  for (
    let c: DetailedPeerCertificate | undefined = leaf;
    c && c.raw && !seen.has(c.fingerprint256);
    c = c.issuerCertificate
  ) {
    seen.add(c.fingerprint256);
    out.push({
      spki: spkiHash(c.raw),
      subject: dn(c.subject as never),
      issuer: dn(c.issuer as never),
      validTo: c.valid_to,
      names: c.subjectaltname,
    });
  }
  return out;
}

/** The subject of a PEM certificate (first of a chain), for the facts. */
async function subjectOf(pem: string | undefined): Promise<string | undefined> {
  if (!pem) return undefined;
  try {
    return new X509Certificate(pem).subject.replace(/\n/g, ', ');
  } catch {
    return 'unreadable certificate';
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<T>(
      (_r, reject) =>
        (timer = setTimeout(
          () => reject(Object.assign(new Error(`${what}: no answer within ${ms} ms`), { code: 'ETIMEDOUT' })),
          ms,
        )),
    ),
  ]).finally(() => clearTimeout(timer));
}

/** A TCP connection to host:port. */
function tcp(host: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = netConnect({ host, port });
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

/** The proxy's answer to CONNECT host:port: the socket of the tunnel, or the status it refused with. */
async function tunnel(proxy: URL, target: string, config: TransportConfig): Promise<Socket | { refused: string }> {
  let s: Socket = await tcp(
    proxy.hostname.replace(/^\[|\]$/g, ''),
    +(proxy.port || (proxy.protocol === 'https:' ? 443 : 80)),
  );
  if (proxy.protocol === 'https:')
    s = await handshake(s, {
      ...tlsOptions({ ca: config.tls?.ca, systemCa: config.tls?.systemCa }),
      servername: isIP(proxy.hostname) ? undefined : proxy.hostname,
    });
  const auth = proxy.username
    ? `Proxy-Authorization: Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}\r\n`
    : '';
  s.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`);
  const head = await new Promise<string>((resolve, reject) => {
    let got = Buffer.alloc(0);
    const onData = (d: Buffer) => {
      got = Buffer.concat([got, d]);
      const end = got.indexOf('\r\n\r\n');
      if (end < 0) return;
      s.off('data', onData);
      const rest = got.subarray(end + 4);
      if (rest.length) s.unshift(rest);
      resolve(got.subarray(0, end).toString('latin1'));
    };
    s.on('data', onData);
    s.once('error', reject);
    s.once('close', () => reject(new Error('the proxy closed the connection before it answered CONNECT')));
  });
  const status = /^HTTP\/1\.[01] (\d{3})(.*)$/m.exec(head);
  if (!status || status[1] !== '200') {
    s.destroy();
    return { refused: status ? `${status[1]}${status[2]}`.trim() : head.split('\r\n')[0] };
  }
  s.removeAllListeners('error');
  s.removeAllListeners('close');
  return s;
}

/** A TLS handshake over `socket` that does not stop at an untrusted certificate (its facts are wanted). */
function handshake(socket: Socket, options: Record<string, unknown>): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const t = tlsConnect({ ...options, socket, rejectUnauthorized: false });
    t.once('secureConnect', () => resolve(t));
    t.once('error', reject);
  });
}

/**
 * One GET / over the open connection: the status, or the error (a TLS 1.3 server refuses a client certificate here).
 */
function oneRequest(s: Socket, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let got = '';
    s.on('data', (d: Buffer) => {
      got += d.toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(got);
      if (m) resolve(+m[1]);
    });
    s.once('error', reject);
    s.once('close', () =>
      reject(Object.assign(new Error('the server closed the connection without an answer'), { code: 'ECONNRESET' })),
    );
    s.write(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

const code = (e: unknown): string => String((e as { code?: string })?.code ?? '');

/** A handshake or read error, said plainly with the key to change. */
function tlsCause(e: unknown, hasClientCert: boolean): string {
  const c = code(e);
  const msg = (e as Error).message;
  if (/CERTIFICATE_REQUIRED/.test(c) || (!hasClientCert && /HANDSHAKE_FAILURE|ECONNRESET/.test(c)))
    return `the server asked for a TLS client certificate and none was given: set tpp.tls.cert and tpp.tls.key (the TPP's QWAC), or tpp.tls.pfx (${c || msg})`;
  if (
    /UNKNOWN_CA|BAD_CERTIFICATE|CERTIFICATE_UNKNOWN|ACCESS_DENIED|CERTIFICATE_REVOKED|CERTIFICATE_EXPIRED|UNSUPPORTED_CERTIFICATE|HANDSHAKE_FAILURE|ECONNRESET/.test(
      c,
    )
  )
    return `the server refused the TLS client certificate given (tpp.tls.cert): ${c || msg}; check that it is the QWAC the bank registered and that the bank trusts its CA`;
  if (/UNSUPPORTED_PROTOCOL|PROTOCOL_VERSION|NO_PROTOCOLS_AVAILABLE|VERSION_TOO_LOW/.test(c))
    return `no TLS version both sides accept: the suite speaks TLS 1.2 or 1.3 only, as the spec demands ("Transport: TLS 1.2 or higher") (${c})`;
  if (/WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG|HTTP_REQUEST/.test(c))
    return `the server does not speak TLS on this port: is the target an http:// URL? (${c})`;
  return `${c ? `${c}: ` : ''}${msg}`;
}

/**
 * Connects to `url` as the transport would (proxy, TLS with the configuration's CAs and client
 * certificate), step by step, and sends one GET /. Never throws: the facts say how far it got.
 */
export async function inspectConnection(
  url: string,
  config: TransportConfig = {},
  timeoutMs = 10_000,
): Promise<ConnectionFacts> {
  const u = new URL(url);
  const facts: ConnectionFacts = { url };
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const port = +(u.port || (u.protocol === 'https:' ? 443 : 80));
  const proxyUrl = proxyFor(u, config);
  let socket: Socket | undefined;
  const step = async <T>(p: Promise<T>, what: string) => withTimeout(p, timeoutMs, what);
  try {
    if (proxyUrl) {
      facts.proxy = masked(proxyUrl);
      let t: Awaited<ReturnType<typeof tunnel>>;
      try {
        t = await step(tunnel(new URL(proxyUrl), `${u.hostname}:${port}`, config), `the proxy ${facts.proxy}`);
      } catch (e) {
        facts.cause = `the proxy ${facts.proxy} (${config.proxy ? "the profile's proxy" : 'HTTPS_PROXY / HTTP_PROXY'}) cannot be reached: ${code(e) || (e as Error).message}`;
        return facts;
      }
      if ('refused' in t) {
        facts.cause = `the proxy ${facts.proxy} refused the tunnel to ${u.hostname}:${port} (${t.refused}): check ${config.proxy ? "the profile's proxy" : 'HTTPS_PROXY / HTTP_PROXY'} (credentials in its URL) and NO_PROXY`;
        return facts;
      }
      socket = t;
    } else {
      try {
        socket = await step(tcp(host, port), `${host}:${port}`);
      } catch (e) {
        facts.cause = `${code(e) === 'ECONNREFUSED' ? 'connection refused' : code(e) === 'ETIMEDOUT' ? 'no answer' : code(e) || (e as Error).message} at ${host}:${port}`;
        return facts;
      }
    }
    if (u.protocol === 'https:') {
      const options = tlsOptions(config.tls);
      const servername = config.tls?.servername ?? (isIP(host) ? undefined : host);
      let t: TLSSocket;
      try {
        t = await step(handshake(socket, { ...options, servername }), 'the TLS handshake');
      } catch (e) {
        facts.cause = tlsCause(e, !!(config.tls?.cert || config.tls?.pfx));
        return facts;
      }
      socket = t;
      const leaf = t.getPeerCertificate(true);
      const chain = leaf && leaf.raw ? chainOf(leaf) : [];
      const name = config.tls?.servername ?? host;
      const mismatch = leaf && leaf.raw ? checkServerIdentity(name, leaf) : undefined;
      facts.tls = {
        protocol: t.getProtocol() ?? 'unknown',
        cipher: t.getCipher()?.name ?? 'unknown',
        chain,
        trusted: t.authorized,
        servername: name,
        nameMatches: !mismatch,
        clientCertificate: config.tls?.cert
          ? await subjectOf(config.tls.cert)
          : config.tls?.pfx
            ? "the PKCS#12 file's certificate"
            : undefined,
      };
      if (config.tls?.rejectUnauthorized !== false) {
        const err = String(t.authorizationError ?? '');
        if (!t.authorized && CERT_UNTRUSTED.has(err)) {
          facts.cause = `the server's certificate is not trusted: its chain ends at "${chain.at(-1)?.issuer ?? 'unknown'}", which no CA of tpp.tls.ca${config.tls?.systemCa === false ? '' : ' or of the default store'} holds; add that CA's certificate to tpp.tls.ca (${err})`;
          return facts;
        }
        if (!t.authorized && err === 'CERT_HAS_EXPIRED') {
          facts.cause = `the server's certificate expired on ${chain[0]?.validTo} (CERT_HAS_EXPIRED)`;
          return facts;
        }
        if (mismatch || err === 'ERR_TLS_CERT_ALTNAME_INVALID') {
          facts.cause = `the server's certificate names ${chain[0]?.names ?? chain[0]?.subject}, not ${name}: set tpp.tls.servername to one of those names, or use it in the target URL (ERR_TLS_CERT_ALTNAME_INVALID)`;
          return facts;
        }
        if (!t.authorized) {
          facts.cause = `the server's certificate is not accepted: ${err}`;
          return facts;
        }
      }
    }
    try {
      facts.status = await step(oneRequest(socket, u.host), 'GET /');
    } catch (e) {
      facts.cause =
        u.protocol === 'https:'
          ? tlsCause(e, !!(config.tls?.cert || config.tls?.pfx))
          : `${code(e) || (e as Error).message}`;
    }
    return facts;
  } finally {
    socket?.destroy();
  }
}

/**
 * Why a request to `url` got no answer: the plain cause from a step-by-step connection, else the error's own message.
 */
export async function explainConnectionError(
  e: unknown,
  url: string,
  config: TransportConfig = {},
  timeoutMs = 10_000,
): Promise<string> {
  const facts = await inspectConnection(url, config, timeoutMs).catch(() => undefined);
  if (facts?.cause) return facts.cause;
  const err = e as { message?: string; cause?: { message?: string; code?: string } };
  return [err.message, err.cause?.code ?? err.cause?.message].filter(Boolean).join(': ');
}

/** The facts as `run --check-connection` prints them. */
export function describeFacts(f: ConnectionFacts): string {
  const lines = [`target: ${f.url}`];
  if (f.proxy) lines.push(`proxy: ${f.proxy} (CONNECT tunnel)`);
  if (f.tls) {
    lines.push(`TLS: ${f.tls.protocol}, ${f.tls.cipher}`);
    lines.push(
      `server certificate chain (${f.tls.trusted ? 'trusted' : 'NOT trusted'}; name ${f.tls.servername} ${f.tls.nameMatches ? 'matches' : 'does NOT match'}):`,
    );
    for (const [i, c] of f.tls.chain.entries())
      lines.push(
        `  ${i}: ${c.subject}\n     issued by ${c.issuer}, valid to ${c.validTo}${c.names ? `\n     names ${c.names}` : ''}`,
      );
    lines.push(
      `client certificate: ${f.tls.clientCertificate ? `${f.tls.clientCertificate} (${f.status !== undefined ? 'accepted: the server answered' : 'presented'})` : f.status !== undefined ? 'none given; the server answered without one' : 'none given'}`,
    );
  }
  if (f.status !== undefined) lines.push(`HTTP: GET / answered ${f.status}`);
  lines.push(f.cause ? `cannot be reached: ${f.cause}` : 'reachable');
  return lines.join('\n');
}

/**
 * A TLS handshake with the target offering only the versions from `minVersion` to `maxVersion` (the transport's own
 * connections never offer less than TLS 1.2).
 */
export interface TlsAttempt {
  /** The protocol negotiated, when the handshake completed. */
  protocol?: string;
  /** Why it did not (the TLS error code). */
  refused?: string;
}

/**
 * A handshake with the target (through the proxy as the run goes) offering only TLS `minVersion` to
 * `maxVersion`, with the configuration's client certificate; for versions below 1.2 OpenSSL's security
 * level is lowered so that it is the server that refuses, not this side. The server's certificate is
 * not judged: only the protocol is.
 */
export async function tlsAttempt(
  url: string,
  config: TransportConfig,
  versions: {
    minVersion: 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3';
    maxVersion: 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3';
  },
  timeoutMs = 10_000,
): Promise<TlsAttempt> {
  const u = new URL(url);
  if (u.protocol !== 'https:') return { refused: 'not an https:// target' };
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const port = +(u.port || 443);
  const proxyUrl = proxyFor(u, config);
  let socket: Socket | undefined;
  try {
    if (proxyUrl) {
      const t = await withTimeout(tunnel(new URL(proxyUrl), `${u.hostname}:${port}`, config), timeoutMs, 'the proxy');
      if ('refused' in t) return { refused: `the proxy refused the tunnel (${t.refused})` };
      socket = t;
    } else socket = await withTimeout(tcp(host, port), timeoutMs, `${host}:${port}`);
    const low = versions.minVersion === 'TLSv1' || versions.minVersion === 'TLSv1.1';
    const t = await withTimeout(
      handshake(socket, {
        ...tlsOptions(config.tls),
        servername: config.tls?.servername ?? (isIP(host) ? undefined : host),
        ...versions,
        ...(low ? { ciphers: 'DEFAULT@SECLEVEL=0' } : {}),
      }),
      timeoutMs,
      'the TLS handshake',
    );
    socket = t;
    return { protocol: t.getProtocol() ?? 'unknown' };
  } catch (e) {
    return { refused: code(e) || (e as Error).message };
  } finally {
    socket?.destroy();
  }
}

/**
 * The server certificates a browser may accept for `origins`: for each https:// origin whose
 * certificate the configuration trusts (its CAs, its name check), the SHA-256 of the leaf's public key.
 * The browser then trusts exactly those servers (Chromium's SPKI list), never certificate errors at
 * large; an origin whose certificate is not trusted gets no pin, and the browser refuses it.
 */
export async function trustedServerKeys(
  origins: string[],
  config: TransportConfig,
  timeoutMs = 10_000,
): Promise<string[]> {
  const pins = await Promise.all(
    origins
      .filter((o) => o.startsWith('https:'))
      .map(async (o) => {
        const f = await inspectConnection(o, config, timeoutMs).catch(() => undefined);
        const t = f?.tls;
        return t && t.trusted && t.nameMatches && t.chain[0] ? t.chain[0].spki : undefined;
      }),
  );
  return [...new Set(pins.filter((p): p is string => !!p))].sort();
}
