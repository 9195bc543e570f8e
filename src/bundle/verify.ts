// `verify-bundle FILE`: checks an evidence bundle without the suite's author. The detached JWS over
// manifest.json must verify with the public key of the first certificate of its x5c chain; the chain
// must have the shape of one (each certificate issued and signed by the next); every member of the
// zip must be in the manifest with its SHA-256, and every file the manifest lists must be in the zip.
// Trust in the chain's root is the reader's call: the verdict names the leaf's subject and the root.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { flattenedVerify, importX509, base64url } from 'jose';
import { MANIFEST, SIGNATURE, sha256, type Manifest } from './manifest.ts';

export interface BundleCheck {
  /** 0 intact; 1 something differs (problems); 2 unusable input. */
  exitCode: 0 | 1 | 2;
  problems: string[];
  manifest?: Manifest;
  signer?: { subject: string; root: string; chainLength: number };
}

const pem = (b64: string) =>
  `-----BEGIN CERTIFICATE-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;

export async function verifyBundle(file: string): Promise<BundleCheck> {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    return { exitCode: 2, problems: [`${file} cannot be read: ${(e as Error).message}`] };
  }
  return verifyBundleBytes(bytes, file);
}

/** The same check on the zip's bytes. */
export async function verifyBundleBytes(bytes: Uint8Array, file = 'the bundle'): Promise<BundleCheck> {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (e) {
    return { exitCode: 2, problems: [`${file} is not a readable zip: ${(e as Error).message}`] };
  }
  if (!entries[MANIFEST] || !entries[SIGNATURE])
    return {
      exitCode: 2,
      problems: [`${file} holds no ${!entries[MANIFEST] ? MANIFEST : SIGNATURE}: not an evidence bundle`],
    };
  const problems: string[] = [];
  let manifest: Manifest;
  let jws: { protected: string; signature: string };
  try {
    manifest = JSON.parse(Buffer.from(entries[MANIFEST]).toString('utf8')) as Manifest;
  } catch (e) {
    return { exitCode: 1, problems: [`${MANIFEST} is not JSON (${(e as Error).message}): changed after signing`] };
  }
  try {
    jws = JSON.parse(Buffer.from(entries[SIGNATURE]).toString('utf8'));
    if (typeof jws.protected !== 'string' || typeof jws.signature !== 'string')
      throw new Error('no protected header or signature');
  } catch (e) {
    return { exitCode: 1, problems: [`${SIGNATURE} is not a detached JWS (${(e as Error).message})`], manifest };
  }

  // The signature and the chain.
  let signer: BundleCheck['signer'];
  try {
    const header = JSON.parse(Buffer.from(base64url.decode(jws.protected)).toString('utf8')) as {
      alg?: string;
      x5c?: string[];
    };
    if (header.alg !== 'RS256') problems.push(`the JWS algorithm is ${header.alg}, not RS256`);
    const chain = (header.x5c ?? []).map((c) => new X509Certificate(Buffer.from(c, 'base64')));
    if (!chain.length) throw new Error('the JWS header has no x5c certificate chain');
    for (let i = 0; i + 1 < chain.length; i++) {
      if (!chain[i].checkIssued(chain[i + 1]) || !chain[i].verify(chain[i + 1].publicKey))
        problems.push(
          `x5c[${i}] (${chain[i].subject.replace(/\n/g, ', ')}) is not issued and signed by x5c[${i + 1}] (${chain[i + 1].subject.replace(/\n/g, ', ')})`,
        );
    }
    const key = await importX509(pem(header.x5c![0]), 'RS256');
    await flattenedVerify(
      { protected: jws.protected, signature: jws.signature, payload: base64url.encode(entries[MANIFEST]) },
      key,
    ).catch(() => {
      problems.push(
        `the signature of ${MANIFEST} does not verify with x5c[0]'s key: the manifest or the signature changed`,
      );
    });
    signer = {
      subject: chain[0].subject.replace(/\n/g, ', '),
      root: chain[chain.length - 1].issuer.replace(/\n/g, ', '),
      chainLength: chain.length,
    };
  } catch (e) {
    problems.push(`the JWS cannot be checked: ${(e as Error).message}`);
  }

  // Every member against the manifest, and the manifest against the members.
  const listed = manifest.files ?? {};
  for (const [name, data] of Object.entries(entries)) {
    if (name === MANIFEST || name === SIGNATURE || name.endsWith('/')) continue;
    if (!(name in listed)) problems.push(`${name} is in the zip but not in the manifest (added)`);
    else if (sha256(data) !== listed[name])
      problems.push(`${name} does not match its SHA-256 in the manifest (changed)`);
  }
  for (const name of Object.keys(listed))
    if (!(name in entries)) problems.push(`${name} is in the manifest but not in the zip (removed)`);
  return { exitCode: problems.length ? 1 : 0, problems, manifest, signer };
}
