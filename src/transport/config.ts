// The transport's configuration: TLS towards the target and the proxy, and Node's TLS options for it.
import { rootCertificates } from 'node:tls';

/** TLS towards the target: what to trust and which client certificate to present. */
export interface TlsConfig {
  /** PEM text of the CAs to trust: one or several (a bundle may hold several certificates). */
  ca?: string | string[];
  /** Trust Node's default CA store as well as `ca` (default true). */
  systemCa?: boolean;
  /** The client certificate (PEM, the chain after it) and its key. */
  cert?: string;
  key?: string;
  /** The client certificate and key as PKCS#12, with its passphrase. */
  pfx?: Buffer;
  passphrase?: string;
  /** The name the server's certificate must carry (default: the target's host). */
  servername?: string;
  /** false: accept any server certificate (never the default). */
  rejectUnauthorized?: boolean;
}

export interface TransportConfig {
  tls?: TlsConfig;
  /** A forward proxy URL; undefined: HTTPS_PROXY / HTTP_PROXY / NO_PROXY from the environment; false: none. */
  proxy?: string | false;
  /** Hosts reached without the proxy (NO_PROXY's syntax); default: NO_PROXY from the environment. */
  noProxy?: string;
}

/** Node's TLS options for `tls`: the CAs on top of the default store, TLS 1.2 at least. */
export function tlsOptions(tls: TlsConfig | undefined): Record<string, unknown> {
  const own = tls?.ca === undefined ? [] : [tls.ca].flat();
  return {
    ...(own.length ? { ca: tls?.systemCa === false ? own : [...rootCertificates, ...own] } : {}),
    ...(tls?.cert ? { cert: tls.cert } : {}),
    ...(tls?.key ? { key: tls.key } : {}),
    ...(tls?.pfx ? { pfx: tls.pfx, passphrase: tls.passphrase } : {}),
    ...(tls?.servername ? { servername: tls.servername } : {}),
    rejectUnauthorized: tls?.rejectUnauthorized ?? true,
    minVersion: 'TLSv1.2',
  };
}
