// `demo`: what `npm start` shows until the conformance run exists: the help and a signed example.
import { type Command } from 'commander';
import { randomUUID } from 'node:crypto';
import { testCredentials } from '../../tpp/fixtures.ts';
import { serializeRequest } from '../../tpp/http-message.ts';
import { signRequest } from '../../tpp/sign.ts';
import { signingIdentity } from '../../tpp/signing-identity.ts';
import { verifyRequest } from '../../tpp/verify.ts';
import { formatVerifyReport } from './verify.ts';

export function register(program: Command): void {
  program
    .command('demo')
    .description('print the help and a request signed with the TEST-ONLY certificate, then verify it')
    .action(() => {
      process.stdout.write(program.helpInformation() + '\n');
      const { qsealc } = testCredentials();
      const id = signingIdentity(qsealc.certPem, qsealc.keyPem);
      const body = Buffer.from(JSON.stringify({ paymentIds: ['pmt-1', 'pmt-2'] }));
      const signed = signRequest(
        {
          method: 'POST',
          target: '/v1/signing-baskets',
          headers: [
            ['Host', 'bank.example'],
            ['Content-Type', 'application/json'],
            ['x-accept-fix', 'amount-as-string'],
            ['X-Request-ID', randomUUID()],
            ['PSU-ID', randomUUID()],
            ['PSU-IP-Address', '192.0.2.10'],
            ['TPP-Session-ID', randomUUID()],
            ['TPP-Redirect-URI', 'https://127.0.0.1/xs2a-conformance/callback'],
            ['TPP-Signature-Certificate', id.certHeader],
          ],
          body,
        },
        { keyId: id.keyId, signer: id.signer },
      );
      const shown = serializeRequest(signed.request)
        .toString('utf8')
        .replace(/(TPP-Signature-Certificate: )(.{40}).*/, '$1$2… (base64 DER, shortened here)');
      process.stdout.write(
        `A signed example request (TEST-ONLY certificate, fixtures/certs):\n\n${shown}\n\nverify says:\n`,
      );
      process.stdout.write(formatVerifyReport(verifyRequest(signed.request)));
    });
}
