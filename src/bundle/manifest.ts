// The evidence bundle's manifest (`run --bundle`): what a conformance run claims, and the SHA-256 of
// every other member of the zip. The manifest is signed as a detached JWS (manifest.jws); the
// signature covers the manifest, the manifest covers every file.
import { createHash } from 'node:crypto';

export const MANIFEST = 'manifest.json';
export const SIGNATURE = 'manifest.jws';
export const BUNDLE_FORMAT = 'xs2a-conformance-bundle/1';

export interface ManifestScenario {
  id: string;
  name: string;
  outcome: string;
  level: string;
  clauses: string[];
  /** Its exchanges in the bundle (exchanges/…). */
  exchanges: string[];
}

export interface Manifest {
  format: typeof BUNDLE_FORMAT;
  tool: { name: string; version: string };
  spec: { documentation: string; apiRelease: string; guideline: string };
  target: string;
  /** SHA-256 of the profile as run, with its keys and secrets removed and national ids masked. */
  profileDigest: string;
  startedAt: string;
  endedAt: string;
  verdict: { exitCode: number; counts: Record<string, unknown> };
  scenarios: ManifestScenario[];
  /** What the bundle leaves out on purpose, with the reason. */
  omitted: Array<{ what: string; reason: string }>;
  /** Every other member of the zip → its SHA-256 (hex). */
  files: Record<string, string>;
}

export const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');
