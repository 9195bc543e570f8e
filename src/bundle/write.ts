// `run --bundle FILE.zip`: one zip a Bank QA hands on. It holds the run's reports (Allure results,
// junit.xml, summary.txt, results.json, the clause page and the coverage matrix), every exchange of
// every scenario (the request as sent and the response, redacted), and manifest.json with the
// SHA-256 of each of those files, signed as a detached JWS (RS256, the certificate chain in x5c)
// with the TPP's QSealC key or one the user names. `verify-bundle` checks it without the suite's
// author.
//
// What never enters: a private key (the JWS carries certificates only; PEM private keys are cut from
// every text), unmasked national identity numbers (masked field by field when the exchange is
// written, and every number the run met is masked again across all text), and screenshots (they
// show the national id typed into the SCA page: listed as omitted).
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { FlattenedSign, importPKCS8 } from 'jose';
import { API_RELEASE, DOCUMENTATION_VERSION } from '../spec/versioning.ts';
import { maskNationalId, NATIONAL_ID_FIELDS, withoutPrivateKeys } from '../tpp/redact.ts';
import type { Profile } from '../session/profile.ts';
import type { Verdict } from '../report/verdict.ts';
import { BUNDLE_FORMAT, MANIFEST, SIGNATURE, sha256, type Manifest } from './manifest.ts';

export interface BundleInput {
  out: string;
  reportDir: string;
  /** Where the run wrote each scenario's exchanges (RunOptions.recordExchanges). */
  exchangesDir: string;
  verdict: Verdict;
  profile: Profile;
  target: string;
  startedAt: string;
  endedAt: string;
  toolVersion: string;
  /** The coverage matrix of the run (coverage.ts), written as coverage.json. */
  coverage: unknown;
  /** The signing key and certificate chain (PEM, leaf first); default: the profile's QSealC. */
  signer?: { keyPem: string; certPem: string };
}

const TEXT = /\.(json|txt|xml|html|http|csv|properties|md)$/i;
const IMAGE = /\.(jpe?g|png|webm|gif)$/i;

/** The certificates of a PEM text, leaf first, as base64 DER (x5c). */
export function pemChain(pem: string): string[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)].map((m) =>
    new X509Certificate(m[0]).raw.toString('base64'),
  );
}

/** The profile as run without secrets: no key material, national ids masked. */
export function profileWithoutSecrets(p: Profile): unknown {
  const walk = (x: unknown, key = ''): unknown => {
    if (/key|passphrase|password|secret/i.test(key) && key !== 'keyId') return undefined;
    if (typeof x === 'string' && NATIONAL_ID_FIELDS.has(key)) return maskNationalId(x);
    if (Array.isArray(x)) return x.map((v) => walk(v));
    if (x && typeof x === 'object')
      return Object.fromEntries(
        Object.entries(x)
          .map(([k, v]) => [k, walk(v, k)])
          .filter(([, v]) => v !== undefined)
          .sort(([a], [b]) => String(a).localeCompare(String(b))),
      );
    return x;
  };
  return walk(p);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

/** National identity numbers the exchanges carried (in the fields that hold them), to mask everywhere. */
function nationalIdsIn(text: string, into: Set<string>): void {
  for (const m of text.matchAll(/"([A-Za-z-]+)"\s*:\s*"([^"]{6,})"/g))
    if (NATIONAL_ID_FIELDS.has(m[1]) && !m[2].includes('*')) into.add(m[2]);
}

export async function writeBundle(b: BundleInput): Promise<Manifest> {
  const members = new Map<string, Uint8Array>();
  const omitted: Manifest['omitted'] = [];
  const ids = new Set<string>();
  for (const who of [...b.profile.psus.private, ...b.profile.psus.corporate])
    if (who.nationalId) ids.add(who.nationalId);
  const add = (name: string, data: Uint8Array) => members.set(name.split(sep).join('/'), data);

  for (const f of ['results.json', 'junit.xml', 'summary.txt', 'clauses.html']) {
    const p = join(b.reportDir, f);
    if (existsSync(p)) add(f, readFileSync(p));
  }
  add('coverage.json', Buffer.from(JSON.stringify(b.coverage, null, 2)));
  for (const f of filesUnder(join(b.reportDir, 'allure-results'))) {
    if (IMAGE.test(f)) {
      omitted.push({
        what: `allure-results/${f}`,
        reason: "a screenshot of an SCA page may show the PSU's national identity number",
      });
      continue;
    }
    add(`allure-results/${f}`, readFileSync(join(b.reportDir, 'allure-results', f)));
  }
  const byScenario = new Map<string, string[]>();
  for (const f of filesUnder(b.exchangesDir)) {
    const name = `exchanges/${f.split(sep).join('/')}`;
    const data = readFileSync(join(b.exchangesDir, f));
    add(name, data);
    const scenario = (JSON.parse(data.toString('utf8')) as { scenario?: string }).scenario;
    if (scenario) byScenario.set(scenario, [...(byScenario.get(scenario) ?? []), name]);
  }

  // Belt and braces over every text member: no PEM private key, no national id the run met unmasked.
  for (const [name, data] of members) if (TEXT.test(name)) nationalIdsIn(Buffer.from(data).toString('utf8'), ids);
  const masks = [...ids].filter((id) => id.length >= 6).map((id) => [id, maskNationalId(id)] as const);
  for (const [name, data] of members) {
    if (!TEXT.test(name)) continue;
    let t = withoutPrivateKeys(Buffer.from(data).toString('utf8'));
    for (const [id, mask] of masks) t = t.split(id).join(mask);
    members.set(name, Buffer.from(t));
  }

  const files: Record<string, string> = {};
  for (const [name, data] of [...members].sort(([a], [c]) => a.localeCompare(c))) files[name] = sha256(data);
  const manifest: Manifest = {
    format: BUNDLE_FORMAT,
    tool: { name: 'xs2a-conformance', version: b.toolVersion },
    spec: {
      documentation: DOCUMENTATION_VERSION,
      apiRelease: API_RELEASE,
      guideline: 'Berlin Group NextGenPSD2 XS2A 1.3',
    },
    target: b.target,
    profileDigest: `sha256:${sha256(JSON.stringify(profileWithoutSecrets(b.profile)))}`,
    startedAt: b.startedAt,
    endedAt: b.endedAt,
    verdict: { exitCode: b.verdict.exitCode, counts: { ...b.verdict.counts } },
    scenarios: b.verdict.results.map((r) => ({
      id: r.id,
      name: r.name,
      outcome: r.outcome,
      level: r.level,
      clauses: r.clauses,
      exchanges: byScenario.get(r.id) ?? [],
    })),
    omitted,
    files,
  };
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));

  const signer = b.signer ?? { keyPem: b.profile.tpp.signing.keyPem, certPem: b.profile.tpp.signing.certPem };
  const x5c = pemChain(signer.certPem);
  if (!x5c.length) throw new Error("the bundle's signing certificate has no PEM certificate");
  const key = await importPKCS8(
    createPrivateKey(signer.keyPem).export({ type: 'pkcs8', format: 'pem' }).toString(),
    'RS256',
  );
  const jws = await new FlattenedSign(manifestBytes)
    .setProtectedHeader({ alg: 'RS256', x5c, typ: 'xs2a-conformance-manifest+jws' })
    .sign(key);
  const detached = { protected: jws.protected, signature: jws.signature };

  const zip: Zippable = {};
  const mtime = new Date(b.endedAt);
  for (const [name, data] of members) zip[name] = [data, { mtime }];
  zip[MANIFEST] = [manifestBytes, { mtime }];
  zip[SIGNATURE] = [Buffer.from(JSON.stringify(detached, null, 2)), { mtime }];
  writeFileSync(b.out, zipSync(zip, { level: 6 }));
  return manifest;
}
