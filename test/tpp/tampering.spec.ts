// The tampering catalogue (src/tpp/tampering): one file per family, in the tpp layer
// (it imports spec and tpp only), ids stable, the fuzz campaign the catalogue less the operators kept
// for Gherkin rows, and no operator defined anywhere else.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATORS } from '../../src/fuzz/operators.ts';
import { CAMPAIGN, CATALOGUE, operatorById } from '../../src/tpp/tampering/index.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIR = join(ROOT, 'src/tpp/tampering');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|mts|js|mjs)$/.test(name) ? [p] : [];
  });
}

/**
 * Every module a file imports (static, type-only, re-exports, dynamic): relative ones resolved from the project root,
 * packages as written.
 */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]);
  return specs.map((s) =>
    s.startsWith('.')
      ? relative(ROOT, resolve(dirname(file), s))
          .split('\\')
          .join('/')
      : s,
  );
}

/** The fuzz campaign's ids as they were before the catalogue: results, findings and reports name them. */
const CAMPAIGN_IDS = [
  'params.drop-keyId',
  'params.drop-algorithm',
  'params.drop-headers',
  'params.drop-signature',
  'params.duplicate',
  'params.reorder',
  'params.unknown-extra',
  'params.whitespace',
  'headers.name-missing',
  'headers.name-extra',
  'headers.name-absent',
  'headers.name-absent-signed',
  'headers.wrong-order',
  'headers.order-resigned',
  'headers.upper-case',
  'headers.request-target-signed',
  'headers.request-target-unsigned',
  'headers.request-target-other',
  'headers.subset-resigned',
  'values.signed-header-changed',
  'values.signed-header-repeated',
  'signature.bit-flip',
  'signature.truncated',
  'signature.bad-base64',
  'signature.base64url',
  'signature.empty',
  'signature.other-request',
  'algorithm.other-name',
  'algorithm.hs2019',
  'algorithm.case',
  'key-id.other-serial',
  'key-id.decimal-serial',
  'key-id.lower-case-hex',
  'key-id.leading-zeros',
  'key-id.dn-reordered',
  'key-id.dn-spacing',
  'key-id.dn-escaping',
  'key-id.other-issuer',
  'key-id.malformed',
  'certificate.other-tpp',
  'certificate.key-mismatch',
  'certificate.other-identity',
  'certificate.missing',
  'certificate.corrupted',
  'certificate.pem-armour',
  'rfc2047.valid-form',
  'rfc2047.case-variants',
  'rfc2047.split-words',
  'rfc2047.tampered',
  'rfc2047.unterminated',
  'rfc2047.bad-charset',
  'rfc2047.broken-base64',
  'date.within-window',
  'date.skewed',
  'date.missing',
  'date.malformed',
  'digest.body-changed',
  'digest.sha512',
  'digest.name-case',
  'digest.unknown-algorithm',
  'digest.bad-base64',
];

describe('the tampering catalogue', () => {
  it('lives in the tpp layer: its files import only src/spec, src/tpp, node: modules and fast-check', () => {
    const bad = sources(DIR).flatMap((f) =>
      importsOf(f)
        .filter((i) => !/^src\/(spec|tpp)\//.test(i) && !i.startsWith('node:') && i !== 'fast-check')
        .map((i) => `${relative(ROOT, f)} → ${i}`),
    );
    expect(bad).toEqual([]);
  });

  it('has one file per family, each operator in the file of its family', () => {
    const files = sources(DIR).map((f) => relative(DIR, f));
    for (const family of new Set(CATALOGUE.map((o) => o.family))) expect(files, family).toContain(`${family}.ts`);
    for (const o of CATALOGUE) {
      expect(o.id.startsWith(`${o.family}.`), o.id).toBe(true);
      const text = readFileSync(join(DIR, `${o.family}.ts`), 'utf8');
      expect(
        text.includes(`id: '${o.id}'`) ||
          (o.id.startsWith('params.drop-') && text.includes('id: `params.drop-${name}`')),
        o.id,
      ).toBe(true);
    }
  });

  it("keeps the fuzz campaign's operators, ids and order", () => {
    expect(CAMPAIGN.map((o) => o.id)).toEqual(CAMPAIGN_IDS);
    expect(OPERATORS).toBe(CAMPAIGN);
    expect(CAMPAIGN).toEqual(CATALOGUE.filter((o) => o.campaign !== false));
  });

  it('looks every operator up by id, and names the known ids for an unknown one', () => {
    for (const o of CATALOGUE) expect(operatorById(o.id)).toBe(o);
    expect(() => operatorById('no.such-operator')).toThrow(
      /unknown mutation operator "no.such-operator"; known: params.drop-keyId/,
    );
  });

  it('operators outside the campaign exist for a Gherkin row', () => {
    for (const o of CATALOGUE.filter((x) => x.campaign === false)) expect(o.gherkin?.length, o.id).toBeGreaterThan(0);
  });

  it('no operator is defined outside the catalogue (an object with an arb and an apply)', () => {
    const files = ['src', 'steps', 'bench'].flatMap((d) => sources(join(ROOT, d))).filter((f) => !f.startsWith(DIR));
    const defining = files.filter((f) => {
      const t = readFileSync(f, 'utf8');
      return /\barb:\s/.test(t) && /\bapply:\s*\(/.test(t);
    });
    expect(defining.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
