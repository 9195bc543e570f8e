// The transport rules as checks (features/transport.feature): "Transport: TLS 1.2 or higher" (§ TPP
// identity; "The transport is always TLS 1.2 or higher", § What the service does), and the TLS client
// certificate a PSD2 gateway demands (Berlin Group: the QWAC in mutual TLS; @should). Every
// connection goes through the one transport (src/transport), as the run's own do: same proxy, same
// CAs, same client certificate unless the check is about it.
import { fail } from '../session/expect.ts';
import type { ScenarioSession } from '../session/session.ts';
import { generateTestPki } from '../tpp/certs.ts';
import { TppClient } from '../tpp/client.ts';
import { tlsAttempt, type TransportConfig } from '../transport/index.ts';

const TLS_CLAUSES = ['tpp.tls', 'conventions.tls'];
const CERT_CLAUSES = ['tpp.tls-client-certificate'];

/** The versions a step names, as Node writes them. */
const VERSIONS: Record<string, 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3'> = {
  'TLS 1.0': 'TLSv1',
  'TLS 1.1': 'TLSv1.1',
  'TLS 1.2': 'TLSv1.2',
  'TLS 1.3': 'TLSv1.3',
};

/** The transport the scenario's client sends with (the run's TLS and proxy). */
const transportIn = (w: ScenarioSession): TransportConfig => w.client.options.transport ?? {};

function record(w: ScenarioSession, what: unknown): void {
  w.attach(JSON.stringify(what, null, 2), { mediaType: 'application/json', fileName: 'tls.json' });
}

/** A handshake offering only `version` (TLS 1.0 or TLS 1.1), with the run's CAs, client certificate and proxy. */
export async function offerOnly(w: ScenarioSession, version: string): Promise<void> {
  const v = VERSIONS[version];
  if (!v) throw new Error(`unknown TLS version "${version}"; known: ${Object.keys(VERSIONS).join(', ')}`);
  const a = await tlsAttempt(w.ctx.targetUrl, transportIn(w), { minVersion: v, maxVersion: v }, w.profile.timeoutMs);
  w.state.tlsAttempt = { offered: version, ...a };
  record(w, w.state.tlsAttempt);
}

/** The bank refused the handshake of offerOnly. */
export function expectHandshakeRefused(w: ScenarioSession): void {
  const a = w.need('tlsAttempt', 'a TLS handshake');
  if (a.protocol)
    fail(
      `a handshake offering only ${a.offered} was accepted (negotiated ${a.protocol}); the spec: "Transport: TLS 1.2 or higher"`,
      TLS_CLAUSES,
      { expected: 'the handshake refused', received: a.protocol },
    );
}

/**
 * The control: offering every version from TLS 1.0 to 1.3, the bank negotiates TLS 1.2 or 1.3 (so a refusal above was
 * for the version).
 */
export async function expectModernNegotiated(w: ScenarioSession): Promise<void> {
  const a = await tlsAttempt(
    w.ctx.targetUrl,
    transportIn(w),
    { minVersion: 'TLSv1', maxVersion: 'TLSv1.3' },
    w.profile.timeoutMs,
  );
  record(w, { offered: 'TLS 1.0 to 1.3', ...a });
  if (!a.protocol)
    fail(
      `control: a handshake offering TLS 1.0 to 1.3 with the run's certificate was refused too (${a.refused}), so the refusal of the old version says nothing about it`,
      TLS_CLAUSES,
    );
  if (a.protocol !== 'TLSv1.2' && a.protocol !== 'TLSv1.3')
    fail(
      `offered TLS 1.0 to 1.3, the bank negotiated ${a.protocol}; the spec: "Transport: TLS 1.2 or higher"`,
      TLS_CLAUSES,
      { expected: 'TLSv1.2 or TLSv1.3', received: a.protocol },
    );
}

/** A client certificate from a CA the bank cannot know: made once per process (a new CA key). */
let unknown: { cert: string; key: string } | undefined;
function unknownCaCertificate(): { cert: string; key: string } {
  if (!unknown) {
    const pki = generateTestPki({
      tlsCommonName: 'unknown-ca.tpp.localhost',
      organizationIdentifier: 'PSDNO-FSA-000000001',
      organizationName: 'Unknown CA Test TPP',
    });
    unknown = { cert: pki.qwac.certPem, key: pki.qwac.keyPem };
  }
  return unknown;
}

const WITHOUT = {
  'no TLS client certificate': () => ({ cert: undefined, key: undefined, pfx: undefined, passphrase: undefined }),
  'a TLS client certificate from a CA the bank does not know': () => ({
    ...unknownCaCertificate(),
    pfx: undefined,
    passphrase: undefined,
  }),
} as const;

/** The PSU's account list request, sent with another client certificate than the run's (`what`). */
export async function sendWithOtherCertificate(w: ScenarioSession, what: string): Promise<void> {
  const tls = WITHOUT[what as keyof typeof WITHOUT];
  if (!tls) throw new Error(`unknown client certificate "${what}"; known: ${Object.keys(WITHOUT).join('; ')}`);
  const base = transportIn(w);
  const client = new TppClient({
    ...w.client.options,
    transport: { ...base, tls: { ...base.tls, ...tls() } },
    exchanges: w.client.exchanges,
    psu: { ...w.psu },
  });
  w.state.otherCert = { what, exchange: await client.request({ method: 'GET', path: '/v1/accounts' }) };
}

/**
 * The API did not answer the request of sendWithOtherCertificate: no HTTP answer at all, or a refusal
 * (4xx) other than the API's own answer to the same request with the run's certificate, which is
 * sent as the control and must be answered.
 */
export async function expectNoApiAnswer(w: ScenarioSession): Promise<void> {
  const { what, exchange } = w.need('otherCert', 'a request with another client certificate');
  const control = await w.send({ method: 'GET', path: '/v1/accounts' });
  if (!control.response)
    fail(
      `control: the same request with the run's TLS client certificate got no answer either (${control.error?.message}), so the refusal says nothing about the certificate`,
      CERT_CLAUSES,
    );
  if (!exchange.response) return;
  const s = exchange.response.status;
  if (s < 400 || s === control.response.status)
    fail(
      `the request with ${what} was answered by the API: ${s}, as the same request with the run's certificate (${control.response.status}); a bank that demands the QWAC refuses the connection`,
      CERT_CLAUSES,
      { expected: 'no answer, or a refusal', received: s },
    );
}
