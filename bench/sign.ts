// bench:sign — the toolkit's full request signing (Date, Digest, signing string, RSA-SHA256,
// Signature header) per second, beside raw node:crypto RSA-2048 signs per second, interleaved in
// the same run so both see the same machine. Last line: `sign ratio: <toolkit/raw>`.
import { createPrivateKey, randomUUID, sign as cryptoSign } from 'node:crypto';
import { testCredentials } from '../src/tpp/fixtures.ts';
import { signRequest } from '../src/tpp/sign.ts';
import { signingIdentity } from '../src/tpp/signing-identity.ts';
import type { HttpRequest } from '../src/tpp/http-message.ts';

const ROUNDS = 6;
const ROUND_MS = 700;
const { qsealc } = testCredentials();
const key = createPrivateKey(qsealc.keyPem);
const id = signingIdentity(qsealc.certPem, key);
const creds = { keyId: id.keyId, signer: id.signer };
const cert = id.certHeader;
const body = Buffer.from(
  JSON.stringify({
    instructedAmount: { amount: '123.45', currency: 'EUR' },
    creditorName: 'Bench AS',
    creditorAccount: { iban: 'NO9386011117947', currency: 'NOK' },
    debtorAccount: { bban: '12345678903', currency: 'NOK' },
  }),
);

function request(): HttpRequest {
  return {
    method: 'POST',
    target: '/v1/payments/cross-border-credit-transfers',
    headers: [
      ['Host', 'bank.example'],
      ['Content-Type', 'application/json'],
      ['X-Request-ID', randomUUID()],
      ['PSU-ID', randomUUID()],
      ['TPP-Redirect-URI', 'https://tpp.example/cb'],
      ['TPP-Signature-Certificate', cert],
    ],
    body,
  };
}

function run(fn: () => void): number {
  const end = performance.now() + ROUND_MS;
  let n = 0;
  while (performance.now() < end) {
    for (let i = 0; i < 16; i++) fn();
    n += 16;
  }
  return n;
}

const data = Buffer.from('date: Sun, 22 Nov 2026 12:00:00 GMT\ndigest: SHA-256=abc\nx-request-id: 1');
let raw = 0;
let toolkit = 0;
run(() => cryptoSign('sha256', data, key)); // warm-up
run(() => signRequest(request(), creds, { date: 'now' }));
for (let r = 0; r < ROUNDS; r++) {
  raw += run(() => cryptoSign('sha256', data, key));
  toolkit += run(() => signRequest(request(), creds, { date: 'now' }));
}
const seconds = (ROUNDS * ROUND_MS) / 1000;
const rawPerS = raw / seconds;
const toolkitPerS = toolkit / seconds;
console.log(`raw node:crypto RSA-2048 signs/s: ${rawPerS.toFixed(0)}`);
console.log(`toolkit signed requests/s: ${toolkitPerS.toFixed(0)}`);
console.log(`sign ratio: ${(toolkitPerS / rawPerS).toFixed(3)}`);
