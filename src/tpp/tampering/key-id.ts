// The tampering catalogue, family key-id: keyId.
import fc from 'fast-check';
import { withParam, otherOrder, caseVariant, splitDn, keyIdParts, SIG } from './support.ts';
import type { MutationOperator } from './types.ts';

export const KEY_ID: readonly MutationOperator[] = [
  {
    id: 'key-id.other-serial',
    family: 'key-id',
    description: 'keyId naming another serial number.',
    clauses: ['signing.key-id', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }),
    faults: ['key-id-unchecked'],
    gherkin: [{ name: 'keyId naming another serial', value: 1n }],
    apply: (s, { value }) =>
      withParam(s, 'keyId', (v) => {
        const { serial, dn } = keyIdParts(v);
        const other = (BigInt('0x' + (serial || '0')) + value) & ((1n << 80n) - 1n);
        return `SN=${other.toString(16).toUpperCase()},CA=${dn}`;
      }),
  } satisfies MutationOperator<bigint>,
  {
    id: 'key-id.decimal-serial',
    family: 'key-id',
    description: 'keyId with the serial number in decimal instead of hexadecimal.',
    clauses: ['signing.key-id', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constant(null),
    faults: ['key-id-unchecked'],
    apply: (s) =>
      withParam(s, 'keyId', (v) => {
        const { serial, dn } = keyIdParts(v);
        return `SN=${BigInt('0x' + serial).toString(10)},CA=${dn}`;
      }),
  } satisfies MutationOperator<null>,
  {
    id: 'key-id.lower-case-hex',
    family: 'key-id',
    description: 'keyId serial in lower-case hexadecimal (the spec says upper case; clients differ).',
    clauses: ['signing.key-id'],
    level: 'should',
    expect: 'accept',
    arb: fc.integer({ min: 0, max: 0xffff }),
    faults: ['key-id-exact'],
    gherkin: [{ name: 'keyId with the serial in lower-case hex', value: 0 }],
    apply: (s, { value }) =>
      withParam(s, 'keyId', (v) => {
        const { serial, dn } = keyIdParts(v);
        const variant = caseVariant(serial, value);
        return `SN=${variant === serial ? serial.toLowerCase() : variant},CA=${dn}`;
      }),
  } satisfies MutationOperator<number>,
  {
    id: 'key-id.leading-zeros',
    family: 'key-id',
    description: 'keyId serial with leading zeros stripped (as Java prints it) or added.',
    clauses: ['signing.key-id'],
    level: 'should',
    expect: 'accept',
    arb: fc.integer({ min: -1, max: 4 }),
    faults: ['key-id-exact'],
    apply: (s, { value }) =>
      withParam(s, 'keyId', (v) => {
        const { serial, dn } = keyIdParts(v);
        const stripped = serial.replace(/^0+(?=.)/, '');
        const out =
          value < 0 || value === 0 ? (stripped !== serial ? stripped : `0${serial}`) : '0'.repeat(value) + serial;
        return `SN=${out},CA=${dn}`;
      }),
  } satisfies MutationOperator<number>,
  {
    id: 'key-id.dn-reordered',
    family: 'key-id',
    description: 'keyId issuer DN with its RDNs in another order (another name).',
    clauses: ['signing.key-id', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.nat(1000),
    faults: ['key-id-unchecked'],
    apply: (s, { value }) =>
      withParam(s, 'keyId', (v) => {
        const { serial, dn } = keyIdParts(v);
        return `SN=${serial},CA=${otherOrder(splitDn(dn), value).join(',')}`;
      }),
  } satisfies MutationOperator<number>,
  {
    id: 'key-id.dn-spacing',
    family: 'key-id',
    description: 'keyId issuer DN with spaces after the commas between RDNs.',
    clauses: ['signing.key-id'],
    level: 'should',
    expect: 'accept',
    arb: fc.constantFrom(', ', ',  ', ' , '),
    faults: ['key-id-exact'],
    gherkin: [{ name: 'keyId with spaces after the DN commas', value: ', ' }],
    apply: (s, { value }) =>
      withParam(s, 'keyId', (v) => {
        const { serial, dn } = keyIdParts(v);
        return `SN=${serial},CA=${splitDn(dn).join(value)}`;
      }),
  } satisfies MutationOperator<string>,
  {
    id: 'key-id.dn-escaping',
    family: 'key-id',
    description:
      'keyId issuer DN with the same values escaped otherwise (RFC 2253 hex escapes: \\2C for a comma, \\20 for a space).',
    clauses: ['signing.key-id'],
    level: 'should',
    expect: 'accept',
    arb: fc.constantFrom('hex-special', 'hex-space', 'both'),
    faults: ['key-id-exact'],
    apply: (s, { value }) =>
      withParam(s, 'keyId', (v) => {
        const { serial, dn } = keyIdParts(v);
        const rdns = splitDn(dn).map((rdn, i) => {
          let out = rdn;
          if (value !== 'hex-space')
            out = out.replace(
              /\\(.)/g,
              (_m, c: string) => `\\${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
            );
          if (value !== 'hex-special' && i === 0) out = out.replace(/(=[^ ]*) /, '$1\\20');
          return out;
        });
        const out = `SN=${serial},CA=${rdns.join(',')}`;
        return out === v
          ? `SN=${serial},CA=${rdns.map((r) => r.replace(/=(.)/, (_m, c: string) => `=\\${c.charCodeAt(0).toString(16).toUpperCase()}`)).join(',')}`
          : out;
      }),
  } satisfies MutationOperator<string>,
  {
    id: 'key-id.other-issuer',
    family: 'key-id',
    description: 'keyId naming another issuer.',
    clauses: ['signing.key-id', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constantFrom(
      'CN=Other CA,O=Elsewhere,C=NO',
      'CN=XS2A Conformance Test CA,C=NO',
      'CN=XS2A Conformance Test CA,O=XS2A Conformance\\, Test Only,C=SE',
      'O=XS2A Conformance\\, Test Only',
    ),
    faults: ['key-id-unchecked'],
    gherkin: [{ name: 'keyId naming another issuer', value: 'CN=Some Other CA,O=Elsewhere,C=NO' }],
    apply: (s, { value }) => withParam(s, 'keyId', (v) => `SN=${keyIdParts(v).serial},CA=${value}`),
  } satisfies MutationOperator<string>,
  {
    id: 'key-id.malformed',
    family: 'key-id',
    description: 'keyId not of the form SN=<hex>,CA=<DN> (bare serial, no CA, empty, another scheme).',
    clauses: ['signing.key-id', ...SIG],
    level: 'must',
    expect: 'reject',
    arb: fc.constantFrom('serial', 'no-ca', 'empty', 'cavage'),
    faults: ['key-id-unchecked'],
    apply: (s, { value }) =>
      withParam(s, 'keyId', (v) => {
        const { serial } = keyIdParts(v);
        return value === 'serial' ? serial : value === 'no-ca' ? `SN=${serial}` : value === 'empty' ? '' : 'Test';
      }),
  } satisfies MutationOperator<string>,
];
