// Types the spec names are imported from src/spec, never restated: the PSU context and the payment
// service each live once, as data (src/spec/codes.ts). Restating the union elsewhere trips this.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((f) => {
    const p = join(dir, f);
    return statSync(join(ROOT, p)).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const RESTATED = [
  {
    type: 'PsuContext',
    home: 'src/spec/codes.ts',
    pattern: /['"](PRIVATE|CORPORATE)['"]\s*\|\s*['"](PRIVATE|CORPORATE)['"]/,
  },
  {
    type: 'PaymentService',
    home: 'src/spec/codes.ts',
    pattern:
      /['"](bulk-payments|periodic-payments|payments)['"]\s*\|\s*['"](bulk-payments|periodic-payments|payments)['"]/,
  },
  { type: 'Level', home: 'src/spec/level.ts', pattern: /['"](must|should)['"]\s*\|\s*['"](must|should)['"]/ },
];

describe('types the spec names are not restated', () => {
  const sources = [...files('src'), ...files('steps')].map((f) => ({ f, text: readFileSync(join(ROOT, f), 'utf8') }));
  for (const { type, home, pattern } of RESTATED) {
    it(`${type} is imported from ${home}, not written out`, () => {
      expect(sources.filter((s) => s.f !== home && pattern.test(s.text)).map((s) => s.f)).toEqual([]);
    });
  }
  it('the pattern finds a restatement (fault: the union written out)', () => {
    expect(RESTATED[0].pattern.test("context: 'PRIVATE' | 'CORPORATE';")).toBe(true);
    expect(RESTATED[1].pattern.test("service: 'payments' | 'bulk-payments';")).toBe(true);
    expect(RESTATED[2].pattern.test("level: 'must' | 'should';")).toBe(true);
  });
});
