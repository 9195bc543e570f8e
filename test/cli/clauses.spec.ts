// The clause pages: one anchor per clause of src/spec, its sentence, its checks; a link built by
// clausePageLink resolves to an anchor of the page.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUSES } from '../../src/spec/clauses.ts';
import { clausePageLink } from '../../src/suite/outcomes.ts';
import { cli } from '../helpers/cli.ts';

describe('xs2a-conformance clauses', () => {
  it('writes one anchor per clause with its level and sentence, and every clause link resolves', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'xs2a-clauses-')), 'clauses.html');
    const r = cli(['clauses', '--out', out], '', 120_000);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    const anchors = new Set([...html.matchAll(/<section id="([^"]+)"/g)].map((m) => m[1]));
    expect(anchors.size).toBe(CLAUSES.length);
    for (const c of CLAUSES) {
      const link = clausePageLink(c.id);
      expect(link.startsWith('clauses.html#')).toBe(true);
      expect(anchors.has(decodeURIComponent(link.split('#')[1])), c.id).toBe(true);
    }
    const stated = CLAUSES.find((c) => c.quote && c.quote.length > 20 && !/[<>&"]/.test(c.quote))!;
    expect(html).toContain(`<blockquote>${stated.quote}</blockquote>`);
    expect(html).toMatch(/Checked by:/);
  });
});
