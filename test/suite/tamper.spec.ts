// The Gherkin tampering rows (src/suite/tamper.ts) look operators up in the tampering catalogue
// (src/tpp/tampering): tamper.ts defines no tampering of its own, no step or suite module spoils a
// signed request by hand, every tampering name of features/ resolves to a catalogue operator whose
// verdict is the scenario's, every row of the catalogue is used, and each row spoils the request.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openCheckEnv, type CheckEnv } from '../../src/fuzz/checks.ts';
import { checkOperator } from '../../src/fuzz/runner.ts';
import * as tamperModule from '../../src/suite/tamper.ts';
import { TppClient, type RequestSpec } from '../../src/tpp/client.ts';
import { testCredentials } from '../../src/tpp/fixtures.ts';
import { CATALOGUE, GHERKIN_TAMPERINGS, operatorById } from '../../src/tpp/tampering/index.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

function sources(dir: string, ext = /\.(ts|mts|js|mjs)$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p, ext);
    return ext.test(name) ? [p] : [];
  });
}

/** The steps that send a request spoiled by a named tampering: their cucumber expressions, as regular expressions. */
function tamperingSteps(): RegExp[] {
  const out: RegExp[] = [];
  for (const f of sources(join(ROOT, 'steps'))) {
    for (const m of readFileSync(f, 'utf8').matchAll(
      /(?:Given|When|Then)\('([^']*\{string\}[^']*)',[^\n]*\n\s*const t = tampering\(/g,
    )) {
      out.push(
        new RegExp(`^${m[1].replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`).replace('\\{string\\}', '"([^"]*)"')}$`),
      );
    }
  }
  return out;
}

interface Use {
  name: string;
  where: string;
  verdict?: 'accept' | 'reject';
}

/** Every tampering name the feature files use, with the verdict their scenario expects. */
function tamperingUses(): Use[] {
  const steps = tamperingSteps();
  const uses: Use[] = [];
  for (const file of sources(join(ROOT, 'features'), /\.feature$/)) {
    const blocks = readFileSync(file, 'utf8').split(
      /^\s*(?=(?:Scenario|Scenario Outline|Scenario Template|Background|Rule):)/m,
    );
    for (const block of blocks) {
      const lines = block.split('\n').map((l) => l.trim());
      const verdict = lines.some((l) => /^Then the request is refused\b/.test(l))
        ? 'reject'
        : lines.some((l) => /^Then (the response status is 200|the signature is accepted)$/.test(l))
          ? 'accept'
          : undefined;
      for (const line of lines) {
        const text = line.replace(/^(Given|When|Then|And|But)\s+/, '');
        const arg = steps.map((re) => re.exec(text)?.[1]).find((a) => a !== undefined);
        if (arg === undefined) continue;
        const where = `${relative(ROOT, file)}: ${line}`;
        const column = /^<(.+)>$/.exec(arg)?.[1];
        if (!column) {
          uses.push({ name: arg, where, verdict });
          continue;
        }
        // The column's values in the outline's Examples tables.
        let col = -1;
        for (const l of lines) {
          if (/^Examples:/.test(l)) col = -1;
          else if (l.startsWith('|')) {
            const cells = l
              .split('|')
              .slice(1, -1)
              .map((c) => c.trim());
            if (col < 0) col = cells.indexOf(column);
            else uses.push({ name: cells[col], where, verdict });
          }
        }
      }
    }
  }
  return uses;
}

describe('Gherkin tampering rows', () => {
  const uses = tamperingUses();

  it('finds the rows it judges (the request-signing outlines, the payment and the consent step)', () => {
    expect(tamperingSteps().length).toBeGreaterThanOrEqual(3);
    expect(uses.map((u) => u.name)).toEqual(
      expect.arrayContaining([
        'no signature',
        'a Date 50 seconds behind',
        'a header listed twice in headers=',
        'the body changed after signing',
        'a Digest of another body',
      ]),
    );
    expect(new Set(uses.map((u) => u.name)).size).toBeGreaterThanOrEqual(27);
  });

  it('src/suite/tamper.ts defines no tampering: it exports lookups only and imports the catalogue, not the means to rewrite a request', () => {
    expect(Object.keys(tamperModule).sort()).toEqual(['tamperWith', 'tampering']);
    const imports = [...read('src/suite/tamper.ts').matchAll(/\bfrom\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
    expect(imports.sort()).toEqual(['../tpp/client.ts', '../tpp/tampering/index.ts']);
    expect(read('src/suite/tamper.ts')).toMatch(/import type \{ Exchange, RequestSpec \} from '..\/tpp\/client.ts'/);
  });

  it('no suite module or step spoils a signed request by hand (RequestSpec.mutate): they use a catalogue operator (RequestSpec.tamper)', () => {
    const files = [...sources(join(ROOT, 'src/suite')), ...sources(join(ROOT, 'steps'))];
    const hand = files.filter((f) => /\bmutate\s*:\s*(?:async\s*)?\(|\bmutate\s*\(/.test(readFileSync(f, 'utf8')));
    expect(hand.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it("every tampering name of features/ resolves to a catalogue operator, whose verdict is the scenario's", () => {
    for (const u of uses) {
      const t = GHERKIN_TAMPERINGS.get(u.name);
      expect(t, `${u.where}: "${u.name}" is no Gherkin row of the catalogue`).toBeDefined();
      expect(operatorById(t!.operator.id)).toBe(t!.operator);
      expect(tamperModule.tampering(u.name).operator).toBe(t!.operator.id);
      if (u.verdict) expect(t!.operator.expect, `${u.where}: "${u.name}" (${t!.operator.id})`).toBe(u.verdict);
    }
  });

  it('every Gherkin row of the catalogue is used by features/', () => {
    const used = new Set(uses.map((u) => u.name));
    expect([...GHERKIN_TAMPERINGS.keys()].filter((n) => !used.has(n))).toEqual([]);
  });

  it('an unknown name is refused, naming the known ones', () => {
    expect(() => tamperModule.tampering('a tampering nobody knows')).toThrow(
      /unknown tampering "a tampering nobody knows"; known: .*no signature/,
    );
  });

  it('each row spoils the request: what is sent differs from the request signed as it should be', () => {
    const now = Date.now();
    const c = new TppClient({
      baseUrl: 'http://127.0.0.1:1/',
      identity: testCredentials().qsealc,
      clock: () => now,
      psu: { psuId: 'PSU-1', psuIpAddress: '192.0.2.1' },
      record: false,
    });
    const specs: RequestSpec[] = [
      { method: 'GET', path: '/v1/accounts', headers: { 'X-Request-ID': '11111111-1111-4111-8111-111111111111' } },
      {
        method: 'POST',
        path: '/v1/payments/cross-border-credit-transfers',
        body: { a: 1 },
        headers: { 'X-Request-ID': '11111111-1111-4111-8111-111111111111' },
      },
    ];
    for (const spec of specs) {
      const plain = c.build(spec).request;
      for (const name of GHERKIN_TAMPERINGS.keys()) {
        const sent = c.build({ ...spec, tamper: tamperModule.tampering(name).tamper() }).request;
        const same =
          JSON.stringify(sent.headers) === JSON.stringify(plain.headers) &&
          sent.body.equals(plain.body) &&
          sent.method === plain.method &&
          sent.target === plain.target;
        expect(same, `${spec.method} ${spec.path} with "${name}"`).toBe(false);
      }
    }
  });
});

describe('catalogue operators kept for Gherkin rows only', () => {
  const extra = CATALOGUE.filter((o) => o.campaign === false);
  let env: Promise<CheckEnv> | undefined;
  afterAll(async () => {
    if (env) await (await env).close();
  });

  it.each(extra.map((o) => [o.id, o] as const))('%s gets its verdict from the reference bank', async (_id, op) => {
    env ??= openCheckEnv({ env: false });
    const r = await checkOperator(await env, op, { seed: 20260302, numRuns: 20 });
    expect(r.failed, r.message).toBe(false);
  });
});
