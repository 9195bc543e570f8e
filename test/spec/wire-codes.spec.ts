// The one table of wire codes (spec § Errors): src/spec/wire-codes.ts holds every code the
// reference bank sends with its status; docs/reference-bank.md § Error codes lists the same rows,
// and the bank raises errors by code alone (no status/code literal pairs outside the table).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_PAIRS } from '../../src/spec/errors.ts';
import { isWireCode, WIRE_CODE_NAMES, WIRE_CODES } from '../../src/spec/wire-codes.ts';

const ROOT = join(import.meta.dirname, '../..');

/** Rows of the table under `## Error codes` in docs/reference-bank.md. */
function docRows(): Map<string, { status: number; level: string }> {
  const doc = readFileSync(join(ROOT, 'docs/reference-bank.md'), 'utf8');
  const start = doc.indexOf('\n## Error codes\n');
  expect(start, 'docs/reference-bank.md has a "## Error codes" section').toBeGreaterThanOrEqual(0);
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end < 0 ? undefined : end);
  const rows = new Map<string, { status: number; level: string }>();
  for (const m of section.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \| (MUST|SHOULD) \|/gm)) {
    expect(rows.has(m[1]), `${m[1]} is listed once`).toBe(false);
    rows.set(m[1], { status: Number(m[2]), level: m[3].toLowerCase() });
  }
  return rows;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('the table of wire codes', () => {
  it('takes the status of every code § Errors pairs with one from the pairs table', () => {
    for (const pair of ERROR_PAIRS) {
      if (pair.code && isWireCode(pair.code)) expect(WIRE_CODES[pair.code].status, pair.code).toBe(pair.status);
      for (const code of pair.tppMessageCodes ?? [])
        if (isWireCode(code)) expect(WIRE_CODES[code].status, code).toBe(pair.status);
    }
  });

  it('is the error section of docs/reference-bank.md, row for row', () => {
    const rows = docRows();
    for (const code of WIRE_CODE_NAMES) {
      expect(rows.get(code), `${code} in docs/reference-bank.md § Error codes`).toEqual({
        status: WIRE_CODES[code].status,
        level: WIRE_CODES[code].level,
      });
    }
    expect(
      [...rows.keys()].filter((code) => !isWireCode(code)),
      'docs codes missing from WIRE_CODES',
    ).toEqual([]);
  });

  it('is where every code the bank raises comes from', () => {
    const offenders: string[] = [];
    for (const file of sources(join(ROOT, 'src/bank'))) {
      const where = relative(ROOT, file);
      const text = readFileSync(file, 'utf8');
      // Raised with a status of its own: the status belongs to the table.
      for (const m of text.matchAll(/new BankError\(\s*\d/g))
        offenders.push(`${where}: ${text.slice(m.index, m.index + 40)}`);
      // Raised (BankError, the SCA failure redirect, a fault's errorBody) or written (`code: '…'`) with a literal code.
      const literal = /(?:new BankError\(\s*|errorBody\(\s*|\bfail\([^)]*?, |\bcode: )'([A-Z][A-Z0-9_]+)'/g;
      for (const m of text.matchAll(literal)) {
        // (Faults that send a code outside the table on purpose do it through wrongWire/recode, not these.)
        if (!isWireCode(m[1])) offenders.push(`${where}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
