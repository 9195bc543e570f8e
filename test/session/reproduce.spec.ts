// reproduce.txt tells how to replay a failed step's request later. Faults that trip it: a run against
// the embedded reference bank whose note points at the bank that stopped with the run (no way to start
// the same bank: its dialect, faults and TLS left out), or a note on a run against a real target.
import { describe, expect, it } from 'vitest';
import { embeddedBankNote } from '../../src/session/evidence.ts';

describe('reproduce.txt', () => {
  it('says the embedded bank is gone and starts the same one: seed, dialect, faults, TLS', () => {
    const note = embeddedBankNote(
      {
        embedded: true,
        embeddedTls: true,
        embeddedBank: { dialect: 'variant', faults: ['basket-size-11', 'psu-id-not-recognised'] },
      },
      'exchange POST /v1/signing-baskets.json',
    );
    expect(note).toMatch(/stopped when the run ended/);
    expect(note).toContain(
      'npx xs2a-conformance serve --port 8080 --seed 1 --dialect variant --faults basket-size-11,psu-id-not-recognised --tls --client-cert',
    );
    expect(note).toContain('replay "exchange POST /v1/signing-baskets.json" --target https://127.0.0.1:8080');
    expect(embeddedBankNote({ embedded: true, embeddedBank: { faults: [] } }, 'x.json')).toContain(
      'serve --port 8080 --seed 1\n',
    );
  });

  it('says nothing of a bank for a run against a real target', () => {
    expect(embeddedBankNote({ embedded: false }, 'x.json')).toBe('');
    expect(embeddedBankNote(undefined, 'x.json')).toBe('');
  });
});
